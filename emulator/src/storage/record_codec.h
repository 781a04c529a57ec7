// RecordWriter / RecordReader: the small binary encoding of storage's own records (table
// schemas in the catalog). Not for items — those use value/item_codec.h.
//
// A record is a varint length followed by its fields in a fixed order; a field is a varint, a
// zigzag varint, a length-prefixed byte string or a nested record. The compatibility rule that
// keeps old databases readable: fields are only ever appended to a record. A reader that meets
// the end of a record early leaves the remaining fields at their defaults (an older writer);
// a reader that finishes before the end ignores the rest (a newer writer).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "ddbemu/version.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::storage {

class RecordWriter {
 public:
  explicit RecordWriter(std::string* out) : out_(out) {}

  void Varint(std::uint64_t v) {
    while (v >= 0x80) {
      out_->push_back(static_cast<char>(v | 0x80));
      v >>= 7;
    }
    out_->push_back(static_cast<char>(v));
  }
  void Signed(std::int64_t v) {  // zigzag, so small negative numbers stay short
    Varint((static_cast<std::uint64_t>(v) << 1) ^ static_cast<std::uint64_t>(v >> 63));
  }
  void Bytes(std::string_view s) {
    Varint(s.size());
    out_->append(s);
  }
  // Appends a nested record whose fields `write(RecordWriter&)` writes.
  template <class F>
  void Record(F&& write) {
    std::string body;
    RecordWriter inner(&body);
    write(inner);
    Bytes(body);
  }

 private:
  std::string* out_;
};

// Reads the fields of one record. Every getter leaves its output untouched when the record has
// ended (an older writer did not know the field); malformed bytes make ok() false for good.
class RecordReader {
 public:
  explicit RecordReader(std::string_view record) : in_(record) {}

  bool ok() const { return ok_; }
  bool at_end() const { return in_.empty(); }
  // The bytes not read yet.
  std::string_view rest() const { return in_; }

  void Varint(std::uint64_t* out) {
    if (in_.empty()) return;
    std::uint64_t v = 0;
    for (int shift = 0; shift < 64; shift += 7) {
      if (in_.empty()) break;
      auto byte = static_cast<unsigned char>(in_.front());
      in_.remove_prefix(1);
      v |= std::uint64_t{byte & 0x7Fu} << shift;
      if ((byte & 0x80) == 0) {
        *out = v;
        return;
      }
    }
    ok_ = false;
  }
  template <class Int>
  void Unsigned(Int* out, std::uint64_t max) {
    std::uint64_t v = *out;
    Varint(&v);
    if (v > max) ok_ = false;
    if (ok_) *out = static_cast<Int>(v);
  }
  void Signed(std::int64_t* out) {
    std::uint64_t z =
        static_cast<std::uint64_t>(*out) << 1 ^ static_cast<std::uint64_t>(*out >> 63);
    Varint(&z);
    *out = static_cast<std::int64_t>(z >> 1) ^ -static_cast<std::int64_t>(z & 1);
  }
  void Bool(bool* out) {
    std::uint64_t v = *out;
    Unsigned(&v, 1);
    *out = v != 0;
  }
  void Bytes(std::string* out) {
    std::string_view view;
    if (BytesView(&view)) out->assign(view);
  }
  // Reads a nested record and hands a reader over its body to `read(RecordReader&)`.
  template <class F>
  void Record(F&& read) {
    std::string_view body;
    if (!BytesView(&body)) return;
    RecordReader inner(body);
    read(inner);
    if (!inner.ok()) ok_ = false;
  }
  // A varint count of elements that follow, bounded by what the remaining bytes could hold.
  std::uint64_t Count() {
    std::uint64_t n = 0;
    Varint(&n);
    if (n > in_.size()) ok_ = false;
    return ok_ ? n : 0;
  }

 private:
  bool BytesView(std::string_view* out) {
    if (in_.empty()) return false;
    std::uint64_t n = 0;
    Varint(&n);
    if (!ok_ || n > in_.size()) {
      ok_ = false;
      return false;
    }
    *out = in_.substr(0, n);
    in_.remove_prefix(n);
    return true;
  }

  std::string_view in_;
  bool ok_ = true;
};

// ---- big-endian integers ------------------------------------------------------------------------
// Fixed-width big-endian integers for storage keys and records. Big-endian because LMDB
// compares keys as bytes: a big-endian key-space id or hash sorts numerically.

inline void AppendU32(std::uint32_t v, std::string* out) {
  const char bytes[4] = {static_cast<char>(v >> 24), static_cast<char>(v >> 16),
                         static_cast<char>(v >> 8), static_cast<char>(v)};
  out->append(bytes, 4);
}

inline void AppendU64(std::uint64_t v, std::string* out) {
  AppendU32(static_cast<std::uint32_t>(v >> 32), out);
  AppendU32(static_cast<std::uint32_t>(v), out);
}

// Overwrites 4 (8) bytes at `dst` with `v` big-endian.
inline void StoreU32(std::uint32_t v, char* dst) {
  for (int i = 3; i >= 0; --i, v >>= 8) dst[i] = static_cast<char>(v);
}
inline void StoreU64(std::uint64_t v, char* dst) {
  for (int i = 7; i >= 0; --i, v >>= 8) dst[i] = static_cast<char>(v);
}

// Reads from the front of `bytes`, which must hold at least 4 (8) bytes.
inline std::uint32_t ReadU32(std::string_view bytes) {
  const auto* b = reinterpret_cast<const unsigned char*>(bytes.data());
  return (std::uint32_t{b[0]} << 24) | (std::uint32_t{b[1]} << 16) | (std::uint32_t{b[2]} << 8) |
         std::uint32_t{b[3]};
}
inline std::uint64_t ReadU64(std::string_view bytes) {
  return (std::uint64_t{ReadU32(bytes)} << 32) | ReadU32(bytes.substr(4));
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::storage
