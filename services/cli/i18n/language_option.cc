#include "services/cli/i18n/language_option.h"

#include <memory>
#include <regex>
#include <string>
#include <utility>
#include <vector>

#include "services/cli/i18n/refusal.h"
#include "services/cli/i18n/tr.h"

namespace skat::cli {
namespace {

// CLI11's help with its group headers in the reader's language: "Options" and "Subcommands" are
// CLI11's default group names (the groups the commands name are translated where they are
// named).
class TranslatingFormatter : public CLI::Formatter {
 public:
  std::string make_group(std::string group, bool is_positional,
                         std::vector<const CLI::Option*> opts) const override {
    if (group == "Options") group = Tr("Options");
    return CLI::Formatter::make_group(std::move(group), is_positional, std::move(opts));
  }
  // CLI11 adds a line on how many of a command's options it needs ("[Exactly 1 of the following
  // options is required]" for skat board, "[Between 1 and 3 of the follow options are
  // required]" for skat analyse, as CLI11 spells it).
  std::string make_description(const CLI::App* app) const override {
    std::string out = CLI::Formatter::make_description(app);
    if (CurrentLanguage() == kEnglish) return out;
    static const std::regex needs(
        "\\[(Exactly 1 of the following options is required|Between (\\d+) and (\\d+) of the "
        "follow options are required|At most (\\d+) of the following options are allowed|At "
        "least (\\d+) of the following options are required)\\]");
    std::smatch m;
    if (!std::regex_search(out, m, needs)) return out;
    const std::string text =
        m[2].matched   ? Tr("Between {0} and {1} of the following options are required", m[2].str(),
                            m[3].str())
        : m[4].matched ? Tr("At most {0} of the following options are allowed", m[4].str())
        : m[5].matched ? Tr("At least {0} of the following options are required", m[5].str())
                       : Tr("Exactly 1 of the following options is required");
    return m.prefix().str() + "[" + text + "]" + m.suffix().str();
  }
  std::string make_subcommands(const CLI::App* app, CLI::AppFormatMode mode) const override {
    std::string out = CLI::Formatter::make_subcommands(app, mode);
    const std::string english = "\nSubcommands:\n";
    const std::string translated = "\n" + Tr("Subcommands") + ":\n";
    for (size_t at = out.find(english); at != std::string::npos;
         at = out.find(english, at + translated.size())) {
      out.replace(at, english.size(), translated);
    }
    return out;
  }
};

}  // namespace

void AddLanguageOption(CLI::App& app) {
  auto formatter = std::make_shared<TranslatingFormatter>();
  formatter->label("Usage", Tr("Usage"));
  formatter->label("OPTIONS", Tr("OPTIONS"));
  formatter->label("SUBCOMMAND", Tr("SUBCOMMAND"));
  formatter->label("SUBCOMMANDS", Tr("SUBCOMMANDS"));
  formatter->label("REQUIRED", Tr("REQUIRED"));
  formatter->label("Env", Tr("Env"));
  formatter->label("Needs", Tr("Needs"));
  formatter->label("Excludes", Tr("Excludes"));
  formatter->label("Positionals", Tr("Positionals"));
  app.formatter(formatter);
  // A usage error in the reader's language: CLI11's message by the templates of msgctxt
  // "usage" (an unknown one stays as CLI11 wrote it), then where the help is.
  app.failure_message([](const CLI::App* failed, const CLI::Error& e) {
    std::string text = TranslatedLines(e.what(), "usage") + "\n";
    if (failed->get_help_ptr() != nullptr) {
      text += Tr("Run with {0} for more information.", failed->get_help_ptr()->get_name()) + "\n";
    }
    return text;
  });
  app.set_help_flag("-h,--help", Tr("Print this help message and exit"));
  // The value was read before parsing (ChooseLanguage); this keeps it valid and documented.
  static std::string chosen;
  app.add_option("--lang", chosen,
                 Tr("the language of the output (default: LANGUAGE, LC_ALL, LC_MESSAGES, LANG)"))
      ->check(CLI::IsMember(KnownLanguages()));
}

}  // namespace skat::cli
