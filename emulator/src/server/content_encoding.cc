// Request decompression and response compression with zlib (see content_encoding.h).
#include "server/content_encoding.h"

#include <zlib.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <string>

#include "server/http_text.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::server {
namespace {

// The q of one Accept-Encoding entry's parameters ("q=0.5;..."): the first q parameter; a
// value that does not parse whole counts as 1 (AWS compressed for "gzip;q=0.x"), and the
// result is clamped to [0, 1] (AWS treated q=31 as 1 and q=-0.5 as refusing).
double QualityOf(std::string_view params) {
  while (!params.empty()) {
    const std::size_t semi = params.find(';');
    const std::string_view param = params.substr(0, semi);
    params = semi == std::string_view::npos ? std::string_view{} : params.substr(semi + 1);
    const std::size_t eq = param.find('=');
    if (eq == std::string_view::npos || !EqualsIgnoreCase(TrimBlanks(param.substr(0, eq)), "q")) {
      continue;
    }
    const std::string value(TrimBlanks(param.substr(eq + 1)));
    char* end = nullptr;
    const double q = std::strtod(value.c_str(), &end);
    if (value.empty() || end != value.c_str() + value.size()) return 1.0;
    return std::clamp(q, 0.0, 1.0);
  }
  return 1.0;
}

struct Preference {
  double q = -1;  // -1: not named
  std::size_t position = 0;
  void Name(double quality, std::size_t at) {
    if (q < 0) position = at;
    q = std::max(q, quality);
  }
};

}  // namespace

ResponseEncoding ChooseResponseEncoding(std::string_view accept_encoding) {
  Preference gzip, deflate, any;
  std::size_t position = 0;
  while (!accept_encoding.empty()) {
    const std::size_t comma = accept_encoding.find(',');
    const std::string_view entry = accept_encoding.substr(0, comma);
    accept_encoding =
        comma == std::string_view::npos ? std::string_view{} : accept_encoding.substr(comma + 1);
    const std::size_t semi = entry.find(';');
    const std::string_view name = TrimBlanks(entry.substr(0, semi));
    const double q =
        QualityOf(semi == std::string_view::npos ? std::string_view{} : entry.substr(semi + 1));
    ++position;
    if (EqualsIgnoreCase(name, "gzip")) gzip.Name(q, position);
    if (EqualsIgnoreCase(name, "deflate")) deflate.Name(q, position);
    if (name == "*") any.Name(q, position);
  }
  const bool gzip_named = gzip.q >= 0, deflate_named = deflate.q >= 0;
  const double gq = gzip_named ? gzip.q : std::max(any.q, 0.0);
  const double dq = deflate_named ? deflate.q : std::max(any.q, 0.0);
  if (gq <= 0 && dq <= 0) return ResponseEncoding::kIdentity;
  if (gq != dq) return gq > dq ? ResponseEncoding::kGzip : ResponseEncoding::kDeflate;
  if (gzip_named != deflate_named) {
    return gzip_named ? ResponseEncoding::kGzip : ResponseEncoding::kDeflate;
  }
  if (gzip_named && deflate.position < gzip.position) return ResponseEncoding::kDeflate;
  return ResponseEncoding::kGzip;
}

std::string_view EncodingName(ResponseEncoding encoding) {
  switch (encoding) {
    case ResponseEncoding::kGzip:
      return "gzip";
    case ResponseEncoding::kDeflate:
      return "deflate";
    case ResponseEncoding::kIdentity:
      break;
  }
  return {};
}

std::string CompressBody(std::string_view body, ResponseEncoding encoding) {
  z_stream zs{};
  // windowBits 15 writes a zlib stream, 15 + 16 a gzip member. Level 1: the replies cross a
  // loopback or a LAN, where speed matters more than the last bytes of ratio.
  const int window_bits = encoding == ResponseEncoding::kGzip ? 15 + 16 : 15;
  if (deflateInit2(&zs, 1, Z_DEFLATED, window_bits, 8, Z_DEFAULT_STRATEGY) != Z_OK) return {};
  std::string out;
  out.resize(deflateBound(&zs, static_cast<uLong>(body.size())) + 32);
  zs.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(body.data()));
  zs.avail_in = static_cast<uInt>(body.size());
  zs.next_out = reinterpret_cast<Bytef*>(out.data());
  zs.avail_out = static_cast<uInt>(out.size());
  const int rc = deflate(&zs, Z_FINISH);
  out.resize(zs.total_out);
  deflateEnd(&zs);
  if (rc != Z_STREAM_END) return {};
  return out;
}

namespace {

// Inflates `body` with zlib's `window_bits` (31: gzip, 15: zlib, -15: raw deflate) into `out`.
// `members`: a stream end followed by more input starts another member (gzip only, RFC 1952
// 2.2); otherwise the input must end with the stream.
InflateOutcome Inflate(std::string_view body, int window_bits, bool members, std::size_t max_bytes,
                       std::string& out) {
  out.clear();
  if (body.empty()) return InflateOutcome::kCorrupt;
  z_stream zs{};
  if (inflateInit2(&zs, window_bits) != Z_OK) return InflateOutcome::kCorrupt;
  zs.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(body.data()));
  zs.avail_in = static_cast<uInt>(body.size());
  char chunk[16 * 1024];
  InflateOutcome outcome = InflateOutcome::kCorrupt;
  for (;;) {
    zs.next_out = reinterpret_cast<Bytef*>(chunk);
    zs.avail_out = sizeof chunk;
    const int rc = inflate(&zs, Z_NO_FLUSH);
    const std::size_t produced = sizeof chunk - zs.avail_out;
    if (out.size() + produced > max_bytes) {
      outcome = InflateOutcome::kTooLarge;
      break;
    }
    out.append(chunk, produced);
    if (rc == Z_STREAM_END) {
      if (zs.avail_in == 0) {
        outcome = InflateOutcome::kOk;
        break;
      }
      // Another member follows; anything else fails in the next inflate.
      if (!members || inflateReset(&zs) != Z_OK) break;
      continue;
    }
    if (rc != Z_OK) break;  // corrupt data, or Z_BUF_ERROR: the input ended mid-stream
    if (zs.avail_in == 0 && produced == 0) break;
  }
  inflateEnd(&zs);
  if (outcome != InflateOutcome::kOk) out.clear();
  return outcome;
}

// A zlib stream's first two bytes (RFC 1950 2.2): method 8 (deflate), a window of at most
// 32 KB, and a check making the pair a multiple of 31.
bool StartsWithZlibHeader(std::string_view body) {
  if (body.size() < 2) return false;
  const auto cmf = static_cast<unsigned char>(body[0]);
  const auto flg = static_cast<unsigned char>(body[1]);
  return (cmf & 0x0f) == 8 && (cmf >> 4) <= 7 && ((cmf << 8) | flg) % 31 == 0;
}

}  // namespace

InflateOutcome GunzipBody(std::string_view body, std::size_t max_bytes, std::string& out) {
  return Inflate(body, 15 + 16, /*members=*/true, max_bytes, out);
}

InflateOutcome InflateDeflateBody(std::string_view body, std::size_t max_bytes, std::string& out) {
  return Inflate(body, StartsWithZlibHeader(body) ? 15 : -15, /*members=*/false, max_bytes, out);
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::server
