// Base64 encoding and the service's strict decoding.
#include "value/text_encodings.h"

#include <array>
#include <cstdint>

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE {
namespace {

constexpr char kAlphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
constexpr std::int8_t kInvalid = -1;
constexpr std::int8_t kPad = -2;

constexpr std::array<std::int8_t, 256> MakeDecodeTable() {
  std::array<std::int8_t, 256> t{};
  for (auto& v : t) v = kInvalid;
  for (int i = 0; i < 64; ++i)
    t[static_cast<unsigned char>(kAlphabet[i])] = static_cast<std::int8_t>(i);
  t['='] = kPad;
  return t;
}
constexpr std::array<std::int8_t, 256> kDecode = MakeDecodeTable();

std::string InvalidCharacter(char c) {
  return std::string("Invalid Base64 character: '") + c + "'";
}

// The service decodes with the JDK-style strict rules (messages as recorded by dynalite's tests
// against AWS; DynamoDB Local answers all of these with an InternalFailure instead):
//  1. the length must be a multiple of 4;
//  2. every character must be in the alphabet or '=';
//  3. the last character before the padding must not carry bits beyond the data
//     ("YR==" encodes more than one byte's worth) -- the service's message keeps its typo;
//  4. '=' may only appear as the final one or two characters.
std::string Validate(std::string_view text) {
  if (text.size() % 4 != 0) {
    return "Base64 encoded length is expected a multiple of 4 bytes but found: " +
           std::to_string(text.size());
  }
  for (char c : text) {
    if (kDecode[static_cast<unsigned char>(c)] == kInvalid) return InvalidCharacter(c);
  }
  std::size_t pads = 0;
  while (pads < 2 && pads < text.size() && text[text.size() - 1 - pads] == '=') ++pads;
  if (pads > 0 && text.size() > pads) {
    const std::int8_t last = kDecode[static_cast<unsigned char>(text[text.size() - 1 - pads])];
    const int unused_bits_mask = pads == 2 ? 0x0F : 0x03;
    if (last == kPad || (last & unused_bits_mask) != 0) {
      return "Invalid last non-pad Base64 character dectected";
    }
  }
  for (std::size_t i = 0; i + pads < text.size(); ++i) {
    if (text[i] == '=') return InvalidCharacter('=');
  }
  return {};
}

}  // namespace

std::string DecodeBase64Strict(std::string_view text, std::string* out) {
  std::string error = Validate(text);
  if (!error.empty()) return error;
  out->clear();
  out->reserve(text.size() / 4 * 3);
  std::uint32_t acc = 0;
  int bits = 0;
  for (char c : text) {
    const std::int8_t v = kDecode[static_cast<unsigned char>(c)];
    if (v < 0) break;  // padding: validated to be at the end
    acc = (acc << 6) | static_cast<std::uint32_t>(v);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out->push_back(static_cast<char>((acc >> bits) & 0xFF));
    }
  }
  return {};
}

bool Base64Decode(std::string_view text, std::string* out) {
  return DecodeBase64Strict(text, out).empty();
}

std::string Base64Encode(std::string_view bytes) {
  std::string out;
  out.reserve((bytes.size() + 2) / 3 * 4);
  std::size_t i = 0;
  const auto* p = reinterpret_cast<const unsigned char*>(bytes.data());
  for (; i + 3 <= bytes.size(); i += 3) {
    const std::uint32_t n = (p[i] << 16) | (p[i + 1] << 8) | p[i + 2];
    out.push_back(kAlphabet[(n >> 18) & 63]);
    out.push_back(kAlphabet[(n >> 12) & 63]);
    out.push_back(kAlphabet[(n >> 6) & 63]);
    out.push_back(kAlphabet[n & 63]);
  }
  const std::size_t rest = bytes.size() - i;
  if (rest > 0) {
    const std::uint32_t n = (p[i] << 16) | (rest == 2 ? p[i + 1] << 8 : 0);
    out.push_back(kAlphabet[(n >> 18) & 63]);
    out.push_back(kAlphabet[(n >> 12) & 63]);
    out.push_back(rest == 2 ? kAlphabet[(n >> 6) & 63] : '=');
    out.push_back('=');
  }
  return out;
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE
