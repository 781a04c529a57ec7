// The data-file codec of exports and imports (ops/transfer/item_file.h, text_tree.h): every
// attribute type round-trips through DynamoDB JSON and Ion records; the Developer Guide's Ion
// spellings read; CSV's header, HeaderList, delimiter, quoting and key typing; GZIP and ZSTD;
// and corrupt input is a counted record error, never a crash.
#include <gtest/gtest.h>
#include <zstd.h>

#include <random>
#include <string>
#include <vector>

#include "ops/transfer/item_file.h"
#include "ops/transfer/text_tree.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops::transfer {
namespace {

Item EveryType() {
  Item nested;
  nested.insert_or_assign("deep", AttributeValue::S("\"quoted\"\n\ttab\\"));
  Item m;
  m.insert_or_assign("é", AttributeValue::S("ü"));
  m.insert_or_assign("inner", AttributeValue::M(nested));
  m.insert_or_assign("empty", AttributeValue::M(Item{}));
  Item item;
  item.insert_or_assign("pk", AttributeValue::S("key"));
  item.insert_or_assign("n", AttributeValue::N("-12.5"));
  item.insert_or_assign("int", AttributeValue::N("10"));
  item.insert_or_assign("big", AttributeValue::N("1E+100"));
  item.insert_or_assign("b", AttributeValue::B(std::string("\0\1\xff", 3)));
  item.insert_or_assign("t", AttributeValue::Bool(true));
  item.insert_or_assign("f", AttributeValue::Bool(false));
  item.insert_or_assign("z", AttributeValue::Null());
  item.insert_or_assign("ss", AttributeValue::SS({"a", "b"}));
  item.insert_or_assign("ns", AttributeValue::NS({"1", "2.5"}));
  item.insert_or_assign("bs", AttributeValue::BS({"x", "y"}));
  item.insert_or_assign("l", AttributeValue::L({AttributeValue::S("x"), AttributeValue::N("1"),
                                                AttributeValue::L({})}));
  item.insert_or_assign("m", AttributeValue::M(m));
  return item;
}

struct ReadResult {
  std::vector<Item> items;
  std::vector<RecordError> errors;
};

ReadResult Read(std::string_view bytes, FileFormat format,
                Compression compression = Compression::kNone, const CsvSettings& csv = {}) {
  ReadResult out;
  ReadItemFile(
      bytes, format, compression, csv, [&](Item item) { out.items.push_back(std::move(item)); },
      [&](RecordError e) { out.errors.push_back(std::move(e)); });
  return out;
}

// The canonical form a PutItem stores (numbers canonical, sets sorted).
Item Normalized(Item item) {
  EXPECT_TRUE(ReadItemFile(
                  ItemRecord(FileFormat::kDynamoDbJson, item), FileFormat::kDynamoDbJson,
                  Compression::kNone, {}, [&](Item i) { item = std::move(i); },
                  [](RecordError e) { ADD_FAILURE() << e.message; }) > 0);
  return item;
}

// Bulk put keeps each record's text, for its ERROR output and its processed bytes.
TEST(ItemFileTest, RecordsKeepTheirTextInBothFormatsAndCsv) {
  struct Seen {
    bool item;
    std::string text;
  };
  const auto records = [](std::string_view bytes, FileFormat format) {
    std::vector<Seen> out;
    ReadItemFileRecords(bytes, format, Compression::kNone, {}, [&](ItemFileRecord r) {
      out.push_back({r.item.has_value(), std::string(r.text)});
    });
    return out;
  };
  std::vector<Seen> json = records(
      "{\"Item\":{\"pk\":{\"S\":\"a\"}}}\r\nnot json\n\n{\"Item\":{\"pk\":{\"Q\":\"x\"}}}\n",
      FileFormat::kDynamoDbJson);
  ASSERT_EQ(json.size(), 3u);
  EXPECT_TRUE(json[0].item);
  EXPECT_EQ(json[0].text, "{\"Item\":{\"pk\":{\"S\":\"a\"}}}");
  EXPECT_FALSE(json[1].item);
  EXPECT_EQ(json[1].text, "not json");
  EXPECT_FALSE(json[2].item);
  EXPECT_EQ(json[2].text, "{\"Item\":{\"pk\":{\"Q\":\"x\"}}}");
  std::vector<Seen> ion =
      records("$ion_1_0 {Item:{pk:\"a\"}}\n$ion_1_0 {Item:{pk:}\n", FileFormat::kIon);
  ASSERT_EQ(ion.size(), 2u);
  EXPECT_TRUE(ion[0].item);
  EXPECT_EQ(ion[0].text, "{Item:{pk:\"a\"}}");
  EXPECT_FALSE(ion[1].item);
  std::vector<Seen> csv = records("pk,v\na,1\n", FileFormat::kCsv);
  ASSERT_EQ(csv.size(), 1u);
  EXPECT_EQ(csv[0].text, "a,1");
  std::vector<Seen> corrupt;
  ReadItemFileRecords("junk", FileFormat::kDynamoDbJson, Compression::kGzip, {},
                      [&](ItemFileRecord r) {
                        EXPECT_EQ(r.error.line, 0u);
                        corrupt.push_back({r.item.has_value(), std::string(r.text)});
                      });
  EXPECT_EQ(corrupt.size(), 1u);
}

TEST(ItemFileTest, EveryAttributeTypeRoundTripsInBothFormats) {
  const Item item = Normalized(EveryType());
  for (FileFormat format : {FileFormat::kDynamoDbJson, FileFormat::kIon}) {
    const std::string record = ItemRecord(format, item);
    EXPECT_EQ(record.back(), '\n');
    ReadResult read = Read(record + record, format);
    ASSERT_TRUE(read.errors.empty()) << read.errors[0].message;
    ASSERT_EQ(read.items.size(), 2u);
    EXPECT_EQ(read.items[0], item) << record;
  }
}

TEST(ItemFileTest, IonRecordsAreWrittenWithTheDocumentedMapping) {
  Item item;
  item.insert_or_assign("n", AttributeValue::N("10"));
  item.insert_or_assign("b", AttributeValue::B("hi"));
  item.insert_or_assign("ss", AttributeValue::SS({"a"}));
  item.insert_or_assign("ns", AttributeValue::NS({"1.5"}));
  item.insert_or_assign("bs", AttributeValue::BS({"hi"}));
  item.insert_or_assign("z", AttributeValue::Null());
  EXPECT_EQ(ItemRecord(FileFormat::kIon, item),
            "$ion_1_0 {Item:{\"b\":{{aGk=}},\"bs\":$dynamodb_BS::[{{aGk=}}],\"n\":10.,"
            "\"ns\":$dynamodb_NS::[1.5],\"ss\":$dynamodb_SS::[\"a\"],\"z\":null}}\n");
  EXPECT_EQ(ItemRecord(FileFormat::kDynamoDbJson, item),
            "{\"Item\":{\"b\":{\"B\":\"aGk=\"},\"bs\":{\"BS\":[\"aGk=\"]},\"n\":{\"N\":\"10\"},"
            "\"ns\":{\"NS\":[\"1.5\"]},\"ss\":{\"SS\":[\"a\"]},\"z\":{\"NULL\":true}}}\n");
}

TEST(ItemFileTest, IonReadsDecimalsSymbolsCommentsAndLongStrings) {
  ReadResult read = Read(
      "$ion_1_0\n// a comment\n{Item:{pk:'''long ''' '''string''', a:15d-1, b:1.5e0, c:7,\n"
      "  'quoted field':\"x\\u00e9\", d:null.string, /* inline */ e:[true,false,],}}\n",
      FileFormat::kIon);
  ASSERT_TRUE(read.errors.empty()) << read.errors[0].message;
  ASSERT_EQ(read.items.size(), 1u);
  const Item& item = read.items[0];
  EXPECT_EQ(item.find("pk")->second, AttributeValue::S("long string"));
  EXPECT_EQ(item.find("a")->second, AttributeValue::N("1.5"));
  EXPECT_EQ(item.find("b")->second, AttributeValue::N("1.5"));
  EXPECT_EQ(item.find("c")->second, AttributeValue::N("7"));
  EXPECT_EQ(item.find("quoted field")->second, AttributeValue::S("x\xc3\xa9"));
  EXPECT_EQ(item.find("d")->second, AttributeValue::Null());
  EXPECT_EQ(item.find("e")->second.list().size(), 2u);
}

TEST(ItemFileTest, ChangeRecordsCarryTheirImages) {
  Item keys;
  keys.insert_or_assign("pk", AttributeValue::S("a"));
  Item image = keys;
  image.insert_or_assign("v", AttributeValue::N("1"));
  EXPECT_EQ(
      ChangeRecord(FileFormat::kDynamoDbJson, 42, keys, &image, nullptr),
      "{\"Metadata\":{\"WriteTimestampMicros\":{\"N\":\"42\"}},\"Keys\":{\"pk\":{\"S\":\"a\"}},"
      "\"NewImage\":{\"pk\":{\"S\":\"a\"},\"v\":{\"N\":\"1\"}}}\n");
  EXPECT_EQ(ChangeRecord(FileFormat::kIon, 42, keys, nullptr, &image),
            "$ion_1_0 {Metadata:{WriteTimestampMicros:42},Keys:{\"pk\":\"a\"},"
            "OldImage:{\"pk\":\"a\",\"v\":1.}}\n");
  // An incremental record imports its NewImage; a deletion's record imports nothing.
  ReadResult read = Read(ChangeRecord(FileFormat::kIon, 1, keys, &image, &keys) +
                             ChangeRecord(FileFormat::kIon, 2, keys, nullptr, &image),
                         FileFormat::kIon);
  ASSERT_EQ(read.items.size(), 1u);
  EXPECT_EQ(read.items[0], image);
  EXPECT_TRUE(read.errors.empty());
}

TEST(ItemFileTest, CsvTakesItsHeaderQuotingDelimiterAndKeyTypes) {
  CsvSettings csv;
  csv.typed_attributes = {{"id", AttributeType::kN}, {"bin", AttributeType::kB}};
  ReadResult read = Read("id,name,bin,note\r\n1,\"a, \"\"b\"\"\",aGk=,\n2,\"multi\nline\",,x\n",
                         FileFormat::kCsv, Compression::kNone, csv);
  ASSERT_TRUE(read.errors.empty()) << read.errors[0].message;
  ASSERT_EQ(read.items.size(), 2u);
  EXPECT_EQ(read.items[0].find("id")->second, AttributeValue::N("1"));
  EXPECT_EQ(read.items[0].find("name")->second, AttributeValue::S("a, \"b\""));
  EXPECT_EQ(read.items[0].find("bin")->second, AttributeValue::B("hi"));
  EXPECT_FALSE(read.items[0].contains("note"));  // an empty field is no attribute
  EXPECT_EQ(read.items[1].find("name")->second, AttributeValue::S("multi\nline"));
  EXPECT_EQ(read.items[1].find("note")->second, AttributeValue::S("x"));

  csv.delimiter = '|';
  csv.header = {"id", "name"};
  read = Read("3|c\nx|bad number\n4|d|extra\n", FileFormat::kCsv, Compression::kNone, csv);
  ASSERT_EQ(read.items.size(), 1u);  // a header list: the first row is data
  EXPECT_EQ(read.items[0].find("name")->second, AttributeValue::S("c"));
  ASSERT_EQ(read.errors.size(), 2u);
  EXPECT_EQ(read.errors[0].line, 2u);
  EXPECT_EQ(read.errors[1].line, 3u);
}

TEST(ItemFileTest, GzipAndZstdDecompress) {
  const std::string lines = ItemRecord(FileFormat::kDynamoDbJson, Normalized(EveryType()));
  ReadResult read = Read(Gzip(lines), FileFormat::kDynamoDbJson, Compression::kGzip);
  EXPECT_EQ(read.items.size(), 1u);
  // Two gzip members one after the other are one stream.
  read = Read(Gzip(lines) + Gzip(lines), FileFormat::kDynamoDbJson, Compression::kGzip);
  EXPECT_EQ(read.items.size(), 2u);
  std::string zstd(ZSTD_compressBound(lines.size()), '\0');
  zstd.resize(ZSTD_compress(zstd.data(), zstd.size(), lines.data(), lines.size(), 3));
  read = Read(zstd, FileFormat::kDynamoDbJson, Compression::kZstd);
  EXPECT_EQ(read.items.size(), 1u);
  for (Compression c : {Compression::kGzip, Compression::kZstd}) {
    read = Read("not compressed at all", FileFormat::kDynamoDbJson, c);
    EXPECT_TRUE(read.items.empty());
    ASSERT_EQ(read.errors.size(), 1u);
    EXPECT_EQ(read.errors[0].line, 0u);
  }
}

TEST(ItemFileTest, BadRecordsAreErrorsAndTheRestIsRead) {
  const std::string good = "{\"Item\":{\"pk\":{\"S\":\"ok\"}}}\n";
  for (const char* bad : {
           "{\"Item\":{\"pk\":{\"S\":\"unterminated}}}\n",
           "{\"Item\":{\"pk\":{\"X\":\"1\"}}}\n",
           "{\"Item\":{\"pk\":{\"N\":\"not a number\"}}}\n",
           "{\"Item\":{\"pk\":{\"SS\":[]}}}\n",
           "{\"Item\":{\"pk\":{\"B\":\"!!\"}}}\n",
           "{\"NoItem\":{}}\n",
           "[1,2,3]\n",
           "{\"Item\":{\"pk\":{\"S\":\"\\ud800\"}}}\n",
           "{\"Item\":{\"pk\":{\"S\":\"\xff\"}}}\n",
           "{\"Item\":{\"\xc3\":{\"S\":\"x\"}}}\n",
       }) {
    ReadResult read = Read(good + bad + good, FileFormat::kDynamoDbJson);
    EXPECT_EQ(read.items.size(), 2u) << bad;
    ASSERT_EQ(read.errors.size(), 1u) << bad;
    EXPECT_EQ(read.errors[0].line, 2u) << bad;
  }
  // Nesting beyond any item's is refused before the stack is.
  ReadResult deep = Read(std::string(100000, '[') + "\n" + good, FileFormat::kIon);
  EXPECT_EQ(deep.items.size(), 1u);
  EXPECT_EQ(deep.errors.size(), 1u);
  deep = Read(std::string(50000, 'a') + std::string(50000, ':'), FileFormat::kIon);
  EXPECT_EQ(deep.items.size(), 0u);
}

TEST(ItemFileTest, RandomBytesNeverCrashTheReaders) {
  std::mt19937 rng(7);
  const std::string alphabet = "{}[]:,\"'\\$_ion1.0dDeE-+ \n\tSNBLMtruefalsenull{{}}::";
  for (int round = 0; round < 2000; ++round) {
    std::string text;
    const int length = static_cast<int>(rng() % 200);
    for (int i = 0; i < length; ++i) text.push_back(alphabet[rng() % alphabet.size()]);
    for (FileFormat format : {FileFormat::kDynamoDbJson, FileFormat::kIon, FileFormat::kCsv}) {
      for (Compression c : {Compression::kNone, Compression::kGzip, Compression::kZstd}) {
        Read(text, format, c);
      }
    }
  }
}

TEST(ItemFileTest, Md5OfTheManifest) {
  EXPECT_EQ(Md5Hex(""), "d41d8cd98f00b204e9800998ecf8427e");
  EXPECT_EQ(Md5Base64(""), "1B2M2Y8AsgTpgAmY7PhCfg==");
}

}  // namespace
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops::transfer
