// The storage format of an item, shared by its readers: the codec that builds an Item
// (item_codec.h) and the in-place readers that size an item (also item_codec.h) and write its
// JSON (value_json/encoded_item_json.h) without building one. One definition of the tags, the
// limits and the bounds-checked cursor, so the readers cannot drift apart.
//
// FORMAT (persisted: extend only by adding a new format version or new tags)
//  item   := 0x01 body
//          | 0x02 varint(size) body       (a stored item: its DynamoDB size ahead of its body)
//  body   := varint(count) { varint(name length) name value }*count
//            with names in strictly increasing byte order (the order of an AttributeMap)
//  value  := tag payload, tags:
//            0x01 S    varint(length) UTF-8 bytes
//            0x02 N    varint(length) canonical number text (decoding is a copy, no parse)
//            0x03 B    varint(length) raw bytes
//            0x04 BOOL false, 0x05 BOOL true, 0x06 NULL (no payload)
//            0x07 M    the same as an item's body: varint(count) { name value }*
//            0x08 L    varint(count) value*
//            0x09 SS, 0x0A NS, 0x0B BS   varint(count) { varint(length) bytes }*  (count > 0)
//  varint := unsigned LEB128, at most 5 bytes (lengths and counts are below 2^32).
//
// Items and index entries are stored in format 0x02 (storage/item_store.h): a read answered in
// JSON takes the size (value/item_size.h) the write worked out, where it walked the body to check
// and size it before walking it again to write it. The size is trusted as written (a corrupt one
// is a wrong capacity figure, never an over-read); everything that decodes or evaluates the item
// checks the body as below, and the JSON writer reads any body in bounds.
//
// Readers check every length against the bytes that remain before touching them, and reject
// counts that could not fit, unsorted or duplicate names, empty sets and nesting deeper than
// kMaxDecodeDepth, so a corrupt value is refused, never a crash or a huge allocation.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "ddbemu/version.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::itemcodec {

inline constexpr char kFormatVersion = 0x01;          // the body alone
inline constexpr char kFormatVersionWithSize = 0x02;  // the item's size, then its body

// Appends `v` as a varint (the writers' half of Reader::Varint).
inline void PutVarint(std::uint64_t v, std::string* out) {
  while (v >= 0x80) {
    out->push_back(static_cast<char>((v & 0x7F) | 0x80));
    v >>= 7;
  }
  out->push_back(static_cast<char>(v));
}

enum Tag : unsigned char {
  kTagS = 0x01,
  kTagN = 0x02,
  kTagB = 0x03,
  kTagFalse = 0x04,
  kTagTrue = 0x05,
  kTagNull = 0x06,
  kTagM = 0x07,
  kTagL = 0x08,
  kTagSS = 0x09,
  kTagNS = 0x0A,
  kTagBS = 0x0B,
};

// DynamoDB allows 32 levels of nesting; anything much deeper is corruption, and bounding the
// recursion keeps a corrupt value from exhausting the stack.
inline constexpr int kMaxDecodeDepth = 64;

// A bounds-checked cursor over encoded bytes.
class Reader {
 public:
  explicit Reader(std::string_view in) : in_(in) {}

  bool empty() const { return in_.empty(); }
  std::size_t remaining() const { return in_.size(); }
  std::string_view rest() const { return in_; }

  bool Byte(unsigned char* b) {
    if (in_.empty()) return false;
    *b = static_cast<unsigned char>(in_[0]);
    in_.remove_prefix(1);
    return true;
  }
  // The next byte without taking it; -1 at the end.
  int Peek() const { return in_.empty() ? -1 : static_cast<unsigned char>(in_[0]); }
  // Drops `n` bytes that Peek or a check has shown to be there.
  void Skip(std::size_t n) { in_.remove_prefix(n); }
  bool Varint(std::uint32_t* v) {
    // Names, short strings and counts below 128 take one byte: the common case, taken first.
    if (!in_.empty() && (static_cast<unsigned char>(in_[0]) & 0x80) == 0) {
      *v = static_cast<unsigned char>(in_[0]);
      in_.remove_prefix(1);
      return true;
    }
    std::uint64_t r = 0;
    for (int shift = 0; shift < 35; shift += 7) {
      unsigned char b;
      if (!Byte(&b)) return false;
      r |= static_cast<std::uint64_t>(b & 0x7F) << shift;
      if ((b & 0x80) == 0) {
        if (r > UINT32_MAX) return false;
        *v = static_cast<std::uint32_t>(r);
        return true;
      }
    }
    return false;  // more than 5 bytes
  }
  bool Bytes(std::string_view* s) {
    std::uint32_t len;
    if (!Varint(&len) || len > in_.size()) return false;
    *s = in_.substr(0, len);
    in_.remove_prefix(len);
    return true;
  }
  // A count of elements that each take at least one byte: more than remain is corruption.
  bool Count(std::uint32_t* n) { return Varint(n) && *n <= in_.size(); }
  // An item's preamble, leaving the cursor at its body: false for a format version these
  // readers do not know or a size cut short. `*size` is the size a stored item carries, or
  // nullopt for the body alone.
  bool Preamble(std::optional<std::uint32_t>* size) {
    unsigned char version;
    if (!Byte(&version)) return false;
    if (version == kFormatVersion) return true;
    std::uint32_t stored;
    if (version != kFormatVersionWithSize || !Varint(&stored)) return false;
    *size = stored;
    return true;
  }
  // The same, for readers of the body only.
  bool FormatVersion() {
    std::optional<std::uint32_t> ignored;
    return Preamble(&ignored);
  }

 private:
  std::string_view in_;
};

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::itemcodec
