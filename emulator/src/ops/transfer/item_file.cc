// Data-file records, CSV, compression and checksums (see item_file.h).
#include "ops/transfer/item_file.h"

#include <openssl/evp.h>
#include <zlib.h>
#include <zstd.h>

#include <cstdio>

#include "ops/transfer/text_tree.h"
#include "value/number.h"
#include "value/text_encodings.h"
#include "value/value_rules.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops::transfer {
namespace {

// ---- writing ------------------------------------------------------------------------------------

// A string literal of both JSON and Ion text: both read \" \\ \n \t \r \uXXXX the same way.
void Quoted(std::string_view s, std::string* out) {
  out->push_back('"');
  for (const char c : s) {
    switch (c) {
      case '"':
        out->append("\\\"");
        break;
      case '\\':
        out->append("\\\\");
        break;
      case '\n':
        out->append("\\n");
        break;
      case '\r':
        out->append("\\r");
        break;
      case '\t':
        out->append("\\t");
        break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned char>(c));
          out->append(buf);
        } else {
          out->push_back(c);
        }
    }
  }
  out->push_back('"');
}

// An N as an Ion decimal: "10" would be an Ion int, so it is written "10."; an exponent is 'd'.
void IonDecimal(std::string_view n, std::string* out) {
  bool point = false;
  bool exponent = false;
  for (const char c : n) {
    if (c == 'e' || c == 'E') {
      if (!point) out->push_back('.');
      out->push_back('d');
      point = exponent = true;
      continue;
    }
    if (c == '.') point = true;
    out->push_back(c);
  }
  if (!point && !exponent) out->push_back('.');
}

void JsonValue(const AttributeValue& v, std::string* out);
void JsonMap(const Item& item, std::string* out) {
  out->push_back('{');
  bool first = true;
  for (const auto& [name, value] : item) {
    if (!first) out->push_back(',');
    first = false;
    Quoted(name, out);
    out->push_back(':');
    JsonValue(value, out);
  }
  out->push_back('}');
}
void JsonSet(const std::vector<std::string>& members, bool base64, std::string* out) {
  out->push_back('[');
  for (std::size_t i = 0; i < members.size(); ++i) {
    if (i) out->push_back(',');
    Quoted(base64 ? Base64Encode(members[i]) : members[i], out);
  }
  out->push_back(']');
}
void JsonValue(const AttributeValue& v, std::string* out) {
  out->append("{\"");
  out->append(TypeDescriptor(v.type()));
  out->append("\":");
  switch (v.type()) {
    case AttributeType::kS:
    case AttributeType::kN:
      Quoted(v.scalar(), out);
      break;
    case AttributeType::kB:
      Quoted(Base64Encode(v.scalar()), out);
      break;
    case AttributeType::kBool:
      out->append(*v.as_bool() ? "true" : "false");
      break;
    case AttributeType::kNull:
      out->append("true");
      break;
    case AttributeType::kM:
      JsonMap(v.map(), out);
      break;
    case AttributeType::kL: {
      out->push_back('[');
      for (std::size_t i = 0; i < v.list().size(); ++i) {
        if (i) out->push_back(',');
        JsonValue(v.list()[i], out);
      }
      out->push_back(']');
      break;
    }
    case AttributeType::kSS:
    case AttributeType::kNS:
      JsonSet(v.set(), false, out);
      break;
    case AttributeType::kBS:
      JsonSet(v.set(), true, out);
      break;
  }
  out->push_back('}');
}

void IonValue(const AttributeValue& v, std::string* out);
void IonMap(const Item& item, std::string* out) {
  out->push_back('{');
  bool first = true;
  for (const auto& [name, value] : item) {
    if (!first) out->push_back(',');
    first = false;
    Quoted(name, out);
    out->push_back(':');
    IonValue(value, out);
  }
  out->push_back('}');
}
void IonValue(const AttributeValue& v, std::string* out) {
  auto set = [&](std::string_view annotation, auto write_member) {
    out->append(annotation);
    out->push_back('[');
    for (std::size_t i = 0; i < v.set().size(); ++i) {
      if (i) out->push_back(',');
      write_member(v.set()[i]);
    }
    out->push_back(']');
  };
  switch (v.type()) {
    case AttributeType::kS:
      Quoted(v.scalar(), out);
      break;
    case AttributeType::kN:
      IonDecimal(v.scalar(), out);
      break;
    case AttributeType::kB:
      out->append("{{" + Base64Encode(v.scalar()) + "}}");
      break;
    case AttributeType::kBool:
      out->append(*v.as_bool() ? "true" : "false");
      break;
    case AttributeType::kNull:
      out->append("null");
      break;
    case AttributeType::kM:
      IonMap(v.map(), out);
      break;
    case AttributeType::kL: {
      out->push_back('[');
      for (std::size_t i = 0; i < v.list().size(); ++i) {
        if (i) out->push_back(',');
        IonValue(v.list()[i], out);
      }
      out->push_back(']');
      break;
    }
    case AttributeType::kSS:
      set("$dynamodb_SS::", [&](const std::string& m) { Quoted(m, out); });
      break;
    case AttributeType::kNS:
      set("$dynamodb_NS::", [&](const std::string& m) { IonDecimal(m, out); });
      break;
    case AttributeType::kBS:
      set("$dynamodb_BS::",
          [&](const std::string& m) { out->append("{{" + Base64Encode(m) + "}}"); });
      break;
  }
}

void Map(FileFormat format, const Item& item, std::string* out) {
  format == FileFormat::kIon ? IonMap(item, out) : JsonMap(item, out);
}

// ---- reading ------------------------------------------------------------------------------------

Status Bad(std::string message) { return ApiError::Validation(std::move(message)); }

// Ion number text -> DynamoDB number text ("15d-1" -> "15e-1", "10." -> "10").
std::string FromIonNumber(std::string text) {
  for (char& c : text) {
    if (c == 'd' || c == 'D') c = 'e';
  }
  const std::size_t e = text.find_first_of("eE");
  const std::size_t mantissa_end = e == std::string::npos ? text.size() : e;
  if (mantissa_end > 0 && text[mantissa_end - 1] == '.') text.erase(mantissa_end - 1, 1);
  std::erase(text, '_');
  return text;
}

Result<std::string> BlobBytes(const TextValue& v) {
  std::string bytes;
  if (!Base64Decode(v.text, &bytes)) return Bad("A blob is not valid base64").error();
  return bytes;
}

Result<AttributeValue> FromJsonValue(const TextValue& v, int depth);
Result<Item> FromJsonMap(const TextValue& v, int depth) {
  if (v.kind != TextValue::Kind::kStruct) return Bad("An item is not an object").error();
  Item item;
  for (const auto& [name, value] : v.fields) {
    DDBEMU_ASSIGN_OR_RETURN(AttributeValue attribute, FromJsonValue(value, depth + 1));
    item.insert_or_assign(name, std::move(attribute));
  }
  return item;
}
Result<std::vector<std::string>> JsonSetMembers(const TextValue& v, bool base64) {
  if (v.kind != TextValue::Kind::kList) return Bad("A set is not a list").error();
  std::vector<std::string> members;
  for (const TextValue& m : v.items) {
    if (m.kind != TextValue::Kind::kString) return Bad("A set member is not a string").error();
    if (!base64) {
      members.push_back(m.text);
      continue;
    }
    std::string bytes;
    if (!Base64Decode(m.text, &bytes)) return Bad("A BS member is not valid base64").error();
    members.push_back(std::move(bytes));
  }
  return members;
}
Result<AttributeValue> FromJsonValue(const TextValue& v, int depth) {
  if (v.kind != TextValue::Kind::kStruct || v.fields.size() != 1) {
    return Bad("An attribute value is not an object of one type").error();
  }
  const std::string& type = v.fields.front().name;
  const TextValue& x = v.fields.front().value;
  auto string = [&]() -> Result<std::string> {
    if (x.kind != TextValue::Kind::kString) return Bad(type + " is not a string").error();
    return x.text;
  };
  if (type == "S") {
    DDBEMU_ASSIGN_OR_RETURN(std::string s, string());
    return AttributeValue::S(std::move(s));
  }
  if (type == "N") {
    DDBEMU_ASSIGN_OR_RETURN(std::string s, string());
    return AttributeValue::N(std::move(s));
  }
  if (type == "B") {
    DDBEMU_ASSIGN_OR_RETURN(std::string s, string());
    std::string bytes;
    if (!Base64Decode(s, &bytes)) return Bad("B is not valid base64").error();
    return AttributeValue::B(std::move(bytes));
  }
  if (type == "BOOL" || type == "NULL") {
    if (x.kind != TextValue::Kind::kBool) return Bad(type + " is not a boolean").error();
    return type == "BOOL" ? AttributeValue::Bool(x.boolean) : AttributeValue::Null();
  }
  if (type == "M") {
    DDBEMU_ASSIGN_OR_RETURN(Item m, FromJsonMap(x, depth));
    return AttributeValue::M(std::move(m));
  }
  if (type == "L") {
    if (x.kind != TextValue::Kind::kList) return Bad("L is not a list").error();
    AttributeList list;
    for (const TextValue& member : x.items) {
      DDBEMU_ASSIGN_OR_RETURN(AttributeValue value, FromJsonValue(member, depth + 1));
      list.push_back(std::move(value));
    }
    return AttributeValue::L(std::move(list));
  }
  if (type == "SS" || type == "NS" || type == "BS") {
    DDBEMU_ASSIGN_OR_RETURN(auto members, JsonSetMembers(x, type == "BS"));
    if (type == "SS") return AttributeValue::SS(std::move(members));
    if (type == "NS") return AttributeValue::NS(std::move(members));
    return AttributeValue::BS(std::move(members));
  }
  return Bad("Unknown attribute type " + type).error();
}

Result<AttributeValue> FromIonValue(const TextValue& v);
Result<Item> FromIonMap(const TextValue& v) {
  if (v.kind != TextValue::Kind::kStruct) return Bad("An item is not a struct").error();
  Item item;
  for (const auto& [name, value] : v.fields) {
    DDBEMU_ASSIGN_OR_RETURN(AttributeValue attribute, FromIonValue(value));
    item.insert_or_assign(name, std::move(attribute));
  }
  return item;
}
Result<AttributeValue> FromIonSet(const TextValue& v, std::string_view annotation) {
  if (v.kind != TextValue::Kind::kList) return Bad("A set is not a list").error();
  std::vector<std::string> members;
  for (const TextValue& m : v.items) {
    if (annotation == "$dynamodb_SS" && m.kind == TextValue::Kind::kString) {
      members.push_back(m.text);
    } else if (annotation == "$dynamodb_NS" && m.kind == TextValue::Kind::kNumber) {
      members.push_back(FromIonNumber(m.text));
    } else if (annotation == "$dynamodb_BS" && m.kind == TextValue::Kind::kBlob) {
      DDBEMU_ASSIGN_OR_RETURN(std::string bytes, BlobBytes(m));
      members.push_back(std::move(bytes));
    } else {
      return Bad("A member of " + std::string(annotation) + " has the wrong type").error();
    }
  }
  if (annotation == "$dynamodb_SS") return AttributeValue::SS(std::move(members));
  if (annotation == "$dynamodb_NS") return AttributeValue::NS(std::move(members));
  return AttributeValue::BS(std::move(members));
}
Result<AttributeValue> FromIonValue(const TextValue& v) {
  if (!v.annotations.empty()) {
    const std::string& a = v.annotations.front();
    if (a == "$dynamodb_SS" || a == "$dynamodb_NS" || a == "$dynamodb_BS") return FromIonSet(v, a);
    return Bad("Unknown annotation " + a).error();
  }
  switch (v.kind) {
    case TextValue::Kind::kNull:
      return AttributeValue::Null();
    case TextValue::Kind::kBool:
      return AttributeValue::Bool(v.boolean);
    case TextValue::Kind::kNumber:
      return AttributeValue::N(FromIonNumber(v.text));
    case TextValue::Kind::kString:
      return AttributeValue::S(v.text);
    case TextValue::Kind::kBlob: {
      DDBEMU_ASSIGN_OR_RETURN(std::string bytes, BlobBytes(v));
      return AttributeValue::B(std::move(bytes));
    }
    case TextValue::Kind::kList: {
      AttributeList list;
      for (const TextValue& member : v.items) {
        DDBEMU_ASSIGN_OR_RETURN(AttributeValue value, FromIonValue(member));
        list.push_back(std::move(value));
      }
      return AttributeValue::L(std::move(list));
    }
    case TextValue::Kind::kStruct: {
      DDBEMU_ASSIGN_OR_RETURN(Item m, FromIonMap(v));
      return AttributeValue::M(std::move(m));
    }
    case TextValue::Kind::kSymbol:
      break;
  }
  return Bad("A symbol is not an attribute value").error();
}

// One record of a text file: {"Item": ...} / {Item: ...}, or an incremental export's record, whose
// NewImage is read (a deletion's record, without one, imports nothing).
Result<std::optional<Item>> FromRecord(const TextValue& record, FileFormat format) {
  if (record.kind != TextValue::Kind::kStruct) return Bad("A record is not a struct").error();
  const TextValue* item = record.Field("Item");
  if (item == nullptr) item = record.Field("NewImage");
  if (item == nullptr) {
    if (record.Field("Keys") != nullptr) return std::optional<Item>();
    return Bad("A record has no Item").error();
  }
  DDBEMU_ASSIGN_OR_RETURN(Item out,
                          format == FileFormat::kIon ? FromIonMap(*item) : FromJsonMap(*item, 0));
  DDBEMU_RETURN_IF_ERROR(NormalizeItem(out));
  return std::optional<Item>(std::move(out));
}

// A record's text: what the reader moved over, without the line end (and spaces) after it.
std::string_view RecordText(std::string_view text, std::size_t from, std::size_t to) {
  std::string_view out = text.substr(from, to - from);
  while (!out.empty() &&
         (out.back() == '\n' || out.back() == '\r' || out.back() == ' ' || out.back() == '\t')) {
    out.remove_suffix(1);
  }
  return out;
}

void ReadText(std::string_view text, FileFormat format,
              const std::function<void(ItemFileRecord)>& on_record) {
  TextReader reader(text);
  while (!reader.AtEnd()) {
    const std::size_t line = reader.line();
    const std::size_t from = reader.offset();
    Result<TextValue> value = reader.Next();
    if (!value.ok()) {
      on_record(
          {std::nullopt, {line, value.error().message()}, RecordText(text, from, reader.offset())});
      continue;
    }
    // The Ion version marker stands before each record of an export's Ion file.
    if (value->kind == TextValue::Kind::kSymbol && value->text == "$ion_1_0") continue;
    if (value->kind != TextValue::Kind::kStruct) reader.SkipRestOfLine();
    Result<std::optional<Item>> item = FromRecord(*value, format);
    const std::string_view record = RecordText(text, from, reader.offset());
    if (!item.ok()) {
      on_record({std::nullopt, {line, item.error().message()}, record});
    } else if (*item) {
      on_record({std::move(**item), {line, ""}, record});
    }
  }
}

// RFC 4180 rows: fields split by the delimiter, "quoted" fields may hold it, "" and newlines.
std::vector<std::vector<std::string>> CsvRows(std::string_view text, char delimiter) {
  std::vector<std::vector<std::string>> rows;
  std::vector<std::string> row;
  std::string field;
  bool quoted = false;
  bool any = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (quoted) {
      if (c == '"' && i + 1 < text.size() && text[i + 1] == '"') {
        field.push_back('"');
        ++i;
      } else if (c == '"') {
        quoted = false;
      } else {
        field.push_back(c);
      }
    } else if (c == '"' && field.empty()) {
      quoted = any = true;
    } else if (c == delimiter) {
      row.push_back(std::move(field));
      field.clear();
      any = true;
    } else if (c == '\n' || c == '\r') {
      if (c == '\r' && i + 1 < text.size() && text[i + 1] == '\n') ++i;
      if (any || !field.empty()) {
        row.push_back(std::move(field));
        rows.push_back(std::move(row));
      }
      row.clear();
      field.clear();
      any = false;
    } else {
      field.push_back(c);
      any = true;
    }
  }
  if (any || !field.empty()) {
    row.push_back(std::move(field));
    rows.push_back(std::move(row));
  }
  return rows;
}

// A CSV row's text, for its record: its fields joined again.
std::string CsvRowText(const std::vector<std::string>& row, char delimiter) {
  std::string out;
  for (const std::string& field : row) {
    if (!out.empty()) out.push_back(delimiter);
    out += field;
  }
  return out;
}

void ReadCsv(std::string_view text, const CsvSettings& csv,
             const std::function<void(ItemFileRecord)>& on_record) {
  std::vector<std::vector<std::string>> rows = CsvRows(text, csv.delimiter);
  std::vector<std::string> header = csv.header;
  std::size_t first = 0;
  if (header.empty()) {
    if (rows.empty()) return;
    header = rows.front();
    first = 1;
  }
  for (std::size_t r = first; r < rows.size(); ++r) {
    const std::vector<std::string>& row = rows[r];
    const std::string row_text = CsvRowText(row, csv.delimiter);
    if (row.size() > header.size()) {
      on_record(
          {std::nullopt, {r + 1, "The row has more fields than the header has columns"}, row_text});
      continue;
    }
    Item item;
    Status status = Status::Ok();
    for (std::size_t c = 0; c < row.size() && status.ok(); ++c) {
      if (row[c].empty()) continue;
      if (!IsValidUtf8(row[c]) || !IsValidUtf8(header[c])) {
        status = Bad("A field is not valid UTF-8");
        break;
      }
      AttributeType type = AttributeType::kS;
      for (const auto& [name, t] : csv.typed_attributes) {
        if (name == header[c]) type = t;
      }
      if (type == AttributeType::kN) {
        item.insert_or_assign(header[c], AttributeValue::N(row[c]));
      } else if (type == AttributeType::kB) {
        std::string bytes;
        if (!Base64Decode(row[c], &bytes)) status = Bad(header[c] + " is not valid base64");
        item.insert_or_assign(header[c], AttributeValue::B(std::move(bytes)));
      } else {
        item.insert_or_assign(header[c], AttributeValue::S(row[c]));
      }
    }
    if (status.ok()) status = NormalizeItem(item);
    if (!status.ok()) {
      on_record({std::nullopt, {r + 1, status.error().message()}, row_text});
      continue;
    }
    on_record({std::move(item), {r + 1, ""}, row_text});
  }
}

bool Gunzip(std::string_view bytes, std::string* out) {
  z_stream z{};
  if (inflateInit2(&z, 15 + 32) != Z_OK) return false;  // gzip or zlib header
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(bytes.data()));
  z.avail_in = static_cast<uInt>(bytes.size());
  char buffer[65536];
  int rc = Z_OK;
  while (rc == Z_OK) {
    z.next_out = reinterpret_cast<Bytef*>(buffer);
    z.avail_out = sizeof buffer;
    rc = inflate(&z, Z_NO_FLUSH);
    out->append(buffer, sizeof buffer - z.avail_out);
    // Concatenated gzip members are one stream to gunzip, and to S3's readers.
    if (rc == Z_STREAM_END && z.avail_in > 0) rc = inflateReset(&z);
    if (rc == Z_BUF_ERROR && z.avail_in == 0) break;
  }
  inflateEnd(&z);
  return rc == Z_STREAM_END;
}

bool Unzstd(std::string_view bytes, std::string* out) {
  ZSTD_DStream* stream = ZSTD_createDStream();
  if (stream == nullptr) return false;
  ZSTD_inBuffer in{bytes.data(), bytes.size(), 0};
  char buffer[65536];
  std::size_t rc = 1;
  while (in.pos < in.size) {
    ZSTD_outBuffer o{buffer, sizeof buffer, 0};
    rc = ZSTD_decompressStream(stream, &o, &in);
    if (ZSTD_isError(rc)) break;
    out->append(buffer, o.pos);
    if (o.pos == 0 && in.pos < in.size && rc != 0) continue;
  }
  // Flush what the decoder still holds.
  while (!ZSTD_isError(rc) && rc != 0) {
    ZSTD_outBuffer o{buffer, sizeof buffer, 0};
    rc = ZSTD_decompressStream(stream, &o, &in);
    if (ZSTD_isError(rc) || o.pos == 0) break;
    out->append(buffer, o.pos);
  }
  ZSTD_freeDStream(stream);
  return rc == 0;
}

std::string Md5(std::string_view bytes) {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int size = 0;
  EVP_Digest(bytes.data(), bytes.size(), digest, &size, EVP_md5(), nullptr);
  return std::string(reinterpret_cast<const char*>(digest), size);
}

}  // namespace

FileFormat FileFormatNamed(std::string_view name) {
  if (name == "ION") return FileFormat::kIon;
  if (name == "CSV") return FileFormat::kCsv;
  return FileFormat::kDynamoDbJson;
}

Compression CompressionNamed(std::string_view name) {
  if (name == "GZIP") return Compression::kGzip;
  if (name == "ZSTD") return Compression::kZstd;
  return Compression::kNone;
}

std::size_t ReadItemFileRecords(std::string_view bytes, FileFormat format, Compression compression,
                                const CsvSettings& csv,
                                const std::function<void(ItemFileRecord)>& on_record) {
  std::string inflated;
  if (compression != Compression::kNone) {
    if (!Decompress(bytes, compression, &inflated)) {
      on_record({std::nullopt,
                 {0, compression == Compression::kGzip ? "The file is not valid GZIP"
                                                       : "The file is not valid ZSTD"},
                 {}});
      return 0;
    }
    bytes = inflated;
  }
  if (format == FileFormat::kCsv) {
    ReadCsv(bytes, csv, on_record);
  } else {
    ReadText(bytes, format, on_record);
  }
  return bytes.size();
}

std::size_t ReadItemFile(std::string_view bytes, FileFormat format, Compression compression,
                         const CsvSettings& csv, const std::function<void(Item)>& on_item,
                         const std::function<void(RecordError)>& on_error) {
  return ReadItemFileRecords(bytes, format, compression, csv, [&](ItemFileRecord record) {
    if (record.item) {
      on_item(std::move(*record.item));
    } else {
      on_error(std::move(record.error));
    }
  });
}

std::string ItemRecord(FileFormat format, const Item& item) {
  std::string out = format == FileFormat::kIon ? "$ion_1_0 {Item:" : "{\"Item\":";
  Map(format, item, &out);
  out.append("}\n");
  return out;
}

std::string ChangeRecord(FileFormat format, std::int64_t write_micros, const Item& keys,
                         const Item* new_image, const Item* old_image) {
  const bool ion = format == FileFormat::kIon;
  const std::string micros = std::to_string(write_micros);
  std::string out =
      ion ? "$ion_1_0 {Metadata:{WriteTimestampMicros:" + micros + "},Keys:"
          : "{\"Metadata\":{\"WriteTimestampMicros\":{\"N\":\"" + micros + "\"}},\"Keys\":";
  Map(format, keys, &out);
  if (new_image != nullptr) {
    out.append(ion ? ",NewImage:" : ",\"NewImage\":");
    Map(format, *new_image, &out);
  }
  if (old_image != nullptr) {
    out.append(ion ? ",OldImage:" : ",\"OldImage\":");
    Map(format, *old_image, &out);
  }
  out.append("}\n");
  return out;
}

std::string Gzip(std::string_view bytes) {
  z_stream z{};
  deflateInit2(&z, Z_DEFAULT_COMPRESSION, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY);
  std::string out(deflateBound(&z, static_cast<uLong>(bytes.size())) + 32, '\0');
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(bytes.data()));
  z.avail_in = static_cast<uInt>(bytes.size());
  z.next_out = reinterpret_cast<Bytef*>(out.data());
  z.avail_out = static_cast<uInt>(out.size());
  deflate(&z, Z_FINISH);
  out.resize(z.total_out);
  deflateEnd(&z);
  return out;
}

bool Decompress(std::string_view bytes, Compression compression, std::string* out) {
  if (compression == Compression::kGzip) return Gunzip(bytes, out);
  if (compression == Compression::kZstd) return Unzstd(bytes, out);
  out->assign(bytes);
  return true;
}

std::string JsonString(std::string_view s) {
  std::string out;
  Quoted(s, &out);
  return out;
}

std::string Md5Base64(std::string_view bytes) { return Base64Encode(Md5(bytes)); }

std::string Md5Hex(std::string_view bytes) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  for (const unsigned char c : Md5(bytes)) {
    out.push_back(kHex[c >> 4]);
    out.push_back(kHex[c & 15]);
  }
  return out;
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops::transfer
