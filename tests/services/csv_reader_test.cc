// The CSV reader of `skat results import` (services/cli/csv_reader.h): what spreadsheets write.
#include "services/cli/csv_reader.h"

#include <gtest/gtest.h>

namespace skat::cli {
namespace {

using Fields = std::vector<std::string>;

TEST(CsvReaderTest, ReadsQuotedFieldsLineBreaksAndBlankLines) {
  Result<std::vector<CsvRow>> rows =
      ReadCsv("a,b,c\r\n\"1,2\",\"say \"\"hi\"\"\",\n\n  \nx,\"two\nlines\",z");
  ASSERT_TRUE(rows.ok()) << rows.status().message();
  ASSERT_EQ(rows->size(), 3u);
  EXPECT_EQ((*rows)[0].fields, (Fields{"a", "b", "c"}));
  EXPECT_EQ((*rows)[0].line, 1);
  EXPECT_EQ((*rows)[1].fields, (Fields{"1,2", "say \"hi\"", ""}));
  EXPECT_EQ((*rows)[1].line, 2);
  EXPECT_EQ((*rows)[2].fields, (Fields{"x", "two\nlines", "z"}));
  EXPECT_EQ((*rows)[2].line, 5);
}

TEST(CsvReaderTest, RefusesAQuoteNeverClosedOrFollowedByText) {
  Result<std::vector<CsvRow>> open = ReadCsv("a,b\nc,\"d\ne");
  ASSERT_FALSE(open.ok());
  EXPECT_EQ(open.status().message(), "line 2: a quoted field is never closed");
  Result<std::vector<CsvRow>> trailing = ReadCsv("a,\"b\"c\n");
  ASSERT_FALSE(trailing.ok());
  EXPECT_EQ(trailing.status().message(),
            "line 1: a quoted field must end at a comma or the line's end");
  Result<std::vector<CsvRow>> empty = ReadCsv("");
  ASSERT_TRUE(empty.ok());
  EXPECT_TRUE(empty->empty());
}

}  // namespace
}  // namespace skat::cli
