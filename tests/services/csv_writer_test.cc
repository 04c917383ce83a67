// The CSV writer every CSV file goes through (services/common/csv.h): RFC 4180 quoting, a ' in
// front of text a spreadsheet would run as a formula (each dangerous first character), numbers
// written as numbers, and text read back exactly by dropping that '.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "services/common/csv.h"
#include "tests/services/csv_test_util.h"

namespace skat {
namespace {

// The cell's text as a reader gets it: unquoted (RFC 4180), then without a leading '.
std::string ReadBack(const CsvCell& cell) {
  std::vector<std::vector<std::string>> records;
  std::string error;
  EXPECT_TRUE(testing_csv::ParseCsv(cell.written() + "\r\n", records, error)) << error;
  if (records.size() != 1 || records[0].size() != 1) {
    ADD_FAILURE() << "not one cell: " << cell.written();
    return "";
  }
  const std::string& text = records[0][0];
  return !text.empty() && text[0] == '\'' ? text.substr(1) : text;
}

TEST(CsvWriterTest, TextStartingAFormulaGetsAQuoteMarkInsideQuotes) {
  EXPECT_EQ(CsvText("=1+1").written(), "\"'=1+1\"");
  EXPECT_EQ(CsvText("+1+2").written(), "\"'+1+2\"");
  EXPECT_EQ(CsvText("-1+2").written(), "\"'-1+2\"");
  EXPECT_EQ(CsvText("@SUM(A1)").written(), "\"'@SUM(A1)\"");
  EXPECT_EQ(CsvText("\t=1").written(), "\"'\t=1\"");
  EXPECT_EQ(CsvText("\r=1").written(), "\"'\r=1\"");
  EXPECT_EQ(CsvText("=HYPERLINK(\"http://x\",\"y\")").written(),
            "\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\"");
  // A text that starts with ' gets one more, so that dropping one always gives the text back.
  EXPECT_EQ(CsvText("'t Hooft").written(), "\"''t Hooft\"");
  // Text a reader needs the quote mark for only at its start.
  EXPECT_EQ(CsvText("1+1=2").written(), "1+1=2");
  EXPECT_EQ(CsvText("a-b @ c").written(), "a-b @ c");
}

TEST(CsvWriterTest, OtherTextIsQuotedOnlyWhenRfc4180AsksForIt) {
  EXPECT_EQ(CsvText("").written(), "");
  EXPECT_EQ(CsvText("Anna Schmidt").written(), "Anna Schmidt");
  EXPECT_EQ(CsvText("Smith, Anna").written(), "\"Smith, Anna\"");
  EXPECT_EQ(CsvText("O'Brien \"Ace\"").written(), "\"O'Brien \"\"Ace\"\"\"");
  EXPECT_EQ(CsvText("two\r\nlines").written(), "\"two\r\nlines\"");
  EXPECT_EQ(CsvText(" =1").written(), " =1");  // not the first character
}

TEST(CsvWriterTest, NumbersStayNumbersNegativeOnesToo) {
  EXPECT_EQ(CsvNumber(int64_t{-12}).written(), "-12");
  EXPECT_EQ(CsvNumber(int64_t{0}).written(), "0");
  EXPECT_EQ(CsvNumber("-12").written(), "-12");
  EXPECT_EQ(CsvNumber("-0.5").written(), "-0.5");
  EXPECT_EQ(CsvNumber("62.5").written(), "62.5");
  EXPECT_EQ(CsvNumber("1e+100").written(), "1e+100");
  EXPECT_EQ(CsvNumber("-1.5E-7").written(), "-1.5E-7");
  // What is no decimal number goes the text way.
  EXPECT_EQ(CsvNumber("35/3").written(), "35/3");
  EXPECT_EQ(CsvNumber("-1+2").written(), "\"'-1+2\"");
  EXPECT_EQ(CsvNumber("-").written(), "\"'-\"");
  EXPECT_EQ(CsvNumber("-inf").written(), "\"'-inf\"");
  EXPECT_EQ(CsvNumber("+5").written(), "\"'+5\"");
  EXPECT_EQ(CsvNumber("1.").written(), "1.");
  EXPECT_EQ(CsvNumber("-1.").written(), "\"'-1.\"");
  EXPECT_EQ(CsvNumber("=1").written(), "\"'=1\"");
}

TEST(CsvWriterTest, EveryTextReadsBackExactly) {
  for (const std::string text :
       {"", "=1+1", "+1+2", "-1+2", "@x", "\tx", "\rx", "'", "''x", "'=1", "a,b", "\"q\"",
        "line\nbreak", "-12", "Müller", "=HYPERLINK(\"http://x\",\"y\")"}) {
    EXPECT_EQ(ReadBack(CsvText(text)), text) << CsvText(text).written();
  }
}

TEST(CsvWriterTest, RowsEndInTheLineEndGiven) {
  CsvWriter crlf;
  crlf.TextRow({"name", "score"});
  crlf.Row({CsvText("=x"), CsvNumber(int64_t{-3})});
  crlf.Row({CsvCell(), CsvNumber("7")});
  EXPECT_EQ(crlf.Take(), "name,score\r\n\"'=x\",-3\r\n,7\r\n");
  EXPECT_EQ(crlf.Take(), "");
  CsvWriter lf("\n");
  lf.Row({CsvText("a"), CsvText("b")});
  EXPECT_EQ(lf.Take(), "a,b\n");
}

}  // namespace
}  // namespace skat
