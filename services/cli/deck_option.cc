#include "services/cli/deck_option.h"

#include <cctype>
#include <iostream>
#include <streambuf>

#include "services/cli/i18n/tr.h"

namespace skat::cli {

namespace {

// A character that joins a word: a card next to one is part of a longer word (a name, a token).
bool DeckWordChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '/' ||
         c == '.';
}

// The length of the rank at text[at] ("10", "7" ... "9", "J", "Q", "K", "A"), 0 for none.
size_t DeckRankLength(std::string_view text, size_t at) {
  if (text.substr(at, 2) == "10") return 2;
  if (at < text.size() && std::string_view("789JQKA").find(text[at]) != std::string_view::npos) {
    return 1;
  }
  return 0;
}

const char* DeckSymbol(char suit) {
  switch (suit) {
    case 'C': return "\u2663";
    case 'S': return "\u2660";
    case 'H': return "\u2665";
    default: return "\u2666";
  }
}

// std::cout's buffer with --deck symbols: holds a line, writes it through DeckText.
class DeckStreamBuf : public std::streambuf {
 public:
  DeckStreamBuf(std::streambuf* out, DeckStyle style) : out_(out), style_(style) {}

 protected:
  int_type overflow(int_type c) override {
    if (traits_type::eq_int_type(c, traits_type::eof())) return traits_type::not_eof(c);
    line_ += traits_type::to_char_type(c);
    if (line_.back() == '\n') Write();
    return c;
  }
  std::streamsize xsputn(const char* s, std::streamsize n) override {
    line_.append(s, static_cast<size_t>(n));
    if (line_.find('\n') != std::string::npos) Write();
    return n;
  }
  int sync() override {
    Write();
    return out_->pubsync();
  }

 private:
  // Writes the held text up to its last new line (all of it when there is none left to wait for).
  void Write() {
    const size_t end = line_.rfind('\n');
    const size_t n = end == std::string::npos ? line_.size() : end + 1;
    const std::string text = DeckText(std::string_view(line_).substr(0, n), style_);
    out_->sputn(text.data(), static_cast<std::streamsize>(text.size()));
    line_.erase(0, n);
  }

  std::streambuf* out_;
  DeckStyle style_;
  std::string line_;
};

}  // namespace

void AddDeckOption(CLI::App& app, DeckStyle& style) {
  app.add_option_function<std::string>(
         "--deck",
         [&style](const std::string& name) {
           style = name == "symbols" ? DeckStyle::kSymbols : DeckStyle::kLetters;
         },
         Tr("how cards are written: letters (C-J, H-10, the default) or symbols ({0}J, {1}10); "
            "skat play's screen keeps its own (--ascii)",
            "\u2663", "\u2665"))
      ->check(CLI::IsMember({"letters", "symbols"}));
}

std::string DeckText(std::string_view text, DeckStyle style) {
  if (style == DeckStyle::kLetters) return std::string(text);
  std::string out;
  out.reserve(text.size() + 16);
  size_t i = 0;
  while (i < text.size()) {
    const char c = text[i];
    const bool starts = (i == 0 || !DeckWordChar(text[i - 1])) &&
                        std::string_view("CSHD").find(c) != std::string_view::npos &&
                        i + 1 < text.size() && text[i + 1] == '-';
    const size_t rank = starts ? DeckRankLength(text, i + 2) : 0;
    const size_t end = i + 2 + rank;
    if (rank && (end == text.size() || !DeckWordChar(text[end]))) {
      out += DeckSymbol(c);
      out += text.substr(i + 2, rank);
      i = end;
    } else {
      out += c;
      ++i;
    }
  }
  return out;
}

void UseDeck(DeckStyle style) {
  if (style == DeckStyle::kLetters) return;
  // Never freed: std::cout is flushed at exit, after every static of this program is gone.
  std::cout.rdbuf(new DeckStreamBuf(std::cout.rdbuf(), style));
}

}  // namespace skat::cli
