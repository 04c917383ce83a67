#include "services/cli/i18n/language_option.h"

#include <memory>
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
