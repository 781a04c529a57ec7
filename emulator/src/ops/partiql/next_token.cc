// NextToken encoding (see next_token.h): base64 of {"s": digest, "r": read, "k": key}.
#include "ops/partiql/next_token.h"

#include <rapidjson/document.h>
#include <rapidjson/stringbuffer.h>

#include <cstdint>

#include "value/json_codec.h"

namespace ddbemu::ops {
namespace {

// FNV-1a: stable across processes, so a token outlives a restart of the emulator.
std::uint64_t Digest(std::string_view statement) {
  std::uint64_t h = 1469598103934665603ull;
  for (unsigned char c : statement) {
    h ^= c;
    h *= 1099511628211ull;
  }
  return h;
}

ApiError InvalidToken() { return ApiError::Validation("Invalid NextToken"); }

}  // namespace

std::string EncodeNextToken(std::string_view statement, const SelectPosition& position) {
  rapidjson::StringBuffer buffer;
  JsonWriter w(buffer);
  w.StartObject();
  w.Key("s");
  w.Uint64(Digest(statement));
  w.Key("r");
  w.Uint64(position.read);
  if (position.exclusive_start_key) {
    w.Key("k");
    WriteItem(*position.exclusive_start_key, w);
  }
  w.EndObject();
  return Base64Encode(std::string_view(buffer.GetString(), buffer.GetSize()));
}

Result<SelectPosition> DecodeNextToken(std::string_view statement, std::string_view token) {
  std::string json;
  if (!Base64Decode(token, &json)) return InvalidToken();
  rapidjson::Document doc;
  doc.Parse(json.c_str(), json.size());
  if (doc.HasParseError() || !doc.IsObject()) return InvalidToken();
  auto s = doc.FindMember("s");
  auto r = doc.FindMember("r");
  if (s == doc.MemberEnd() || !s->value.IsUint64() || s->value.GetUint64() != Digest(statement) ||
      r == doc.MemberEnd() || !r->value.IsUint64()) {
    return InvalidToken();
  }
  SelectPosition position;
  position.read = r->value.GetUint64();
  auto k = doc.FindMember("k");
  if (k != doc.MemberEnd()) {
    Result<Item> key = ItemFromJson(k->value);
    if (!key.ok()) return InvalidToken();
    position.exclusive_start_key = std::move(key).value();
  }
  return position;
}

}  // namespace ddbemu::ops
