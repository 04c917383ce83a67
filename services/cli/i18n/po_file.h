// A gettext .po file read without gettext (docs/i18n.md "The command line"): the catalogue's
// entries as msgid (the English text), msgid_plural and msgstr / msgstr[n]. Comments (#) and
// the header entry (empty msgid) are kept as entries like any other; the caller skips them.
#ifndef SKAT_SERVICES_CLI_I18N_PO_FILE_H_
#define SKAT_SERVICES_CLI_I18N_PO_FILE_H_

#include <string>
#include <string_view>
#include <vector>

namespace skat::cli::i18n {

struct PoEntry {
  std::string context;       // msgctxt: "refusal" for a template of skatd's messages (tr.h)
  std::string msgid;         // the English text (singular)
  std::string msgid_plural;  // empty unless the entry has plural forms
  // msgstr, or msgstr[0], msgstr[1], ... in order. One element for a singular entry.
  std::vector<std::string> msgstr;
  int line = 0;  // where the entry's msgid is, for messages
};

struct PoFile {
  std::vector<PoEntry> entries;
  std::string error;  // "" when the whole text was read; else "line N: what is wrong"
};

// Reads the .po text: keywords msgctxt, msgid, msgid_plural, msgstr, msgstr[n], each
// followed by one or more quoted strings on consecutive lines (joined); escapes \n \t \" \\.
// Stops at the first malformed line with `error` set (entries read so far are kept).
PoFile ParsePo(std::string_view text);

}  // namespace skat::cli::i18n

#endif  // SKAT_SERVICES_CLI_I18N_PO_FILE_H_
