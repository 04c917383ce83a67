// PDF printouts through headless Chromium (docs/development.md "Headless Chromium": the flags
// that work on a closed network).
#ifndef SKAT_SERVICES_CLI_SHEETS_PDF_H_
#define SKAT_SERVICES_CLI_SHEETS_PDF_H_

#include <filesystem>

#include "engine/status.h"

namespace skat::cli {

// Prints the HTML file to a PDF with `chromium --headless --print-to-pdf`. kNotFound when no
// chromium is installed (deploy/install-deps installs it), kInternal when it fails or takes more
// than two minutes.
Status HtmlToPdf(const std::filesystem::path& html, const std::filesystem::path& pdf);

}  // namespace skat::cli

#endif  // SKAT_SERVICES_CLI_SHEETS_PDF_H_
