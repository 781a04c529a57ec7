// libFuzzer target for the data-file reader of imports (ops/transfer/item_file.h): any bytes, read
// as each format (DynamoDB JSON, Ion, CSV) and each compression, yield items and record errors,
// never a crash, a hang or a read out of bounds; every item read is written as a record and reads
// back to itself (the export writer and the import reader agree).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "ops/transfer/item_file.h"

namespace {

using ddbemu::ops::transfer::Compression;
using ddbemu::ops::transfer::FileFormat;

void Check(std::string_view bytes, FileFormat format, Compression compression) {
  ddbemu::ops::transfer::CsvSettings csv;
  csv.typed_attributes = {{"n", ddbemu::AttributeType::kN}, {"b", ddbemu::AttributeType::kB}};
  ddbemu::ops::transfer::ReadItemFile(
      bytes, format, compression, csv,
      [&](ddbemu::Item item) {
        for (FileFormat out : {FileFormat::kDynamoDbJson, FileFormat::kIon}) {
          int read = 0;
          ddbemu::ops::transfer::ReadItemFile(
              ddbemu::ops::transfer::ItemRecord(out, item), out, Compression::kNone, {},
              [&](ddbemu::Item again) {
                ++read;
                if (!(again == item)) std::abort();
              },
              [](ddbemu::ops::transfer::RecordError) { std::abort(); });
          if (read != 1) std::abort();
        }
      },
      [](ddbemu::ops::transfer::RecordError) {});
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  for (FileFormat format : {FileFormat::kDynamoDbJson, FileFormat::kIon, FileFormat::kCsv}) {
    Check(bytes, format, Compression::kNone);
  }
  Check(bytes, FileFormat::kDynamoDbJson, Compression::kGzip);
  Check(bytes, FileFormat::kIon, Compression::kZstd);
  return 0;
}
