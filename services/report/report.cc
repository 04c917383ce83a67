#include "services/report/report.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <regex>
#include <string>
#include <string_view>
#include <vector>

#include "services/report/report_internal.h"

namespace skat::report {
namespace internal {

std::string Percent(double percentage) {
  if (!std::isfinite(percentage)) return "-";
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.2f", percentage);
  return buffer;
}

std::string Signed(double value) {
  if (!std::isfinite(value)) return "-";
  char buffer[48];
  std::snprintf(buffer, sizeof buffer, "%+.2f", value);
  std::string text = buffer;
  if (text.find('.') != std::string::npos) {
    while (text.back() == '0') text.pop_back();
    if (text.back() == '.') text.pop_back();
  }
  if (text == "+0" || text == "-0") return "0";
  return text;
}

std::string Exact(double value) {
  char buffer[64];
  const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
  return std::string(buffer, result.ptr);
}

std::string_view DirectionName(v1::Direction direction) {
  switch (direction) {
    case v1::DIRECTION_FOREHAND: return "forehand";
    case v1::DIRECTION_MIDDLEHAND: return "middlehand";
    case v1::DIRECTION_REARHAND: return "rearhand";
    default: return "";
  }
}

std::string_view DirectionLetter(v1::Direction direction) {
  switch (direction) {
    case v1::DIRECTION_FOREHAND: return "F";
    case v1::DIRECTION_MIDDLEHAND: return "M";
    case v1::DIRECTION_REARHAND: return "R";
    default: return "?";
  }
}

std::string DirectionTitle(const cli::Translator& tr, v1::Direction direction) {
  switch (direction) {
    case v1::DIRECTION_FOREHAND: return tr.Tr("Forehand");
    case v1::DIRECTION_MIDDLEHAND: return tr.Tr("Middlehand");
    case v1::DIRECTION_REARHAND: return tr.Tr("Rearhand");
    default: return tr.Tr("Unknown direction");
  }
}

std::string DirectionWord(const cli::Translator& tr, v1::Direction direction) {
  switch (direction) {
    case v1::DIRECTION_FOREHAND: return tr.Tr("forehand");
    case v1::DIRECTION_MIDDLEHAND: return tr.Tr("middlehand");
    case v1::DIRECTION_REARHAND: return tr.Tr("rearhand");
    default: return "";
  }
}

std::string DirectionInitial(const cli::Translator& tr, v1::Direction direction) {
  switch (direction) {
    case v1::DIRECTION_FOREHAND: return tr.Tr("F");
    case v1::DIRECTION_MIDDLEHAND: return tr.Tr("M");
    case v1::DIRECTION_REARHAND: return tr.Tr("R");
    default: return "?";
  }
}

std::string TableName(std::string_view resource, std::string_view label) {
  if (!label.empty()) return std::string(label);
  constexpr std::string_view kTables = "/tables/";
  const size_t at = resource.rfind(kTables);
  if (at == std::string_view::npos) return std::string(resource);
  return std::string(resource.substr(at + kTables.size()));
}

std::string TableTitle(const cli::Translator& tr, std::string_view resource,
                       std::string_view label) {
  static const std::regex kSessionLabel("round (\\d+), table (\\d+)");
  std::match_results<std::string_view::const_iterator> m;
  if (std::regex_match(label.begin(), label.end(), m, kSessionLabel)) {
    return tr.Tr("round {0}, table {1}", m[1].str(), m[2].str());
  }
  return TableName(resource, label);
}

}  // namespace internal

std::vector<File> Render(const ReportData& data, const RenderOptions& options) {
  std::vector<File> files = internal::HtmlFiles(data, options);
  for (File& f : internal::CsvFiles(data)) files.push_back(std::move(f));
  return files;
}

}  // namespace skat::report
