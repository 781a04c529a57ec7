// The plain request head, read as Beast 1.74's request parser reads it (basic_parser.ipp):
// - request-line: method (tchar+) SP target (bytes 0x21-0x7E and 0x80-0xFF) SP "HTTP/1.0" or
//   "HTTP/1.1" CRLF;
// - field: name (tchar+) ":" then the value, which Beast trims of SP and HTAB at both ends and
//   which may hold HTAB, 0x20-0x7E and 0x80-0xFF; a CR must be followed by LF, and a line
//   starting with SP or HTAB (obs-fold, which Beast joins) is left to Beast;
// - Beast keeps the fields of one name (case-insensitively) together, in the order they came,
//   where the first of them stood, and so do we.
// What makes a request not plain: Transfer-Encoding (chunked bodies), Expect (100-continue
// is answered before the body), Upgrade, Proxy-Connection, a second Connection or
// Content-Length, a Connection value other than one "close" or "keep-alive" token, a
// Content-Length that is not digits or exceeds max_body_bytes (Beast's path answers 413), a
// name, value or target too long for Beast's 16-bit field lengths (it throws), a head over
// max_header_bytes, or any byte the parser would refuse.
#include "server/http_head.h"

#include <algorithm>
#include <array>
#include <boost/beast/http/status.hpp>
#include <charconv>
#include <cstdint>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>

#endif

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::server {
namespace {

// Beast stores a field's name and value lengths in 16 bits and throws beyond; such requests
// go to Beast, which then behaves as it always has.
constexpr std::size_t kMaxPieceBytes = 65000;

// RFC 7230 tchar: the bytes of a method and of a field name (Beast's is_token_char).
constexpr std::array<bool, 256> MakeTokenTable() {
  std::array<bool, 256> table{};
  for (int c = '0'; c <= '9'; ++c) table[c] = true;
  for (int c = 'a'; c <= 'z'; ++c) table[c] = true;
  for (int c = 'A'; c <= 'Z'; ++c) table[c] = true;
  for (const char c : std::string_view("!#$%&'*+-.^_`|~")) {
    table[static_cast<unsigned char>(c)] = true;
  }
  return table;
}
constexpr std::array<bool, 256> kToken = MakeTokenTable();

bool IsToken(char c) { return kToken[static_cast<unsigned char>(c)]; }

// Beast's is_pathchar: any byte but controls, SP and DEL.
bool IsTargetChar(char c) {
  const auto u = static_cast<unsigned char>(c);
  return u > 0x20 && u != 0x7f;
}

// A byte that ends (CR) or spoils a field value: a control other than HTAB, or DEL.
bool IsValueControl(char c) {
  const auto u = static_cast<unsigned char>(c);
  return (u < 0x20 && u != '\t') || u == 0x7f;
}

// The first byte of [p, end) that IsValueControl, or end. Sixteen (or eight) bytes at a time:
// values are most of a head's bytes (Authorization, User-Agent), and a block with no byte below
// 0x20 and none equal to 0x7F needs no closer look.
const char* FindValueControl(const char* p, const char* end) {
#if defined(__SSE2__)
  const __m128i max_control = _mm_set1_epi8(0x1f);
  const __m128i del = _mm_set1_epi8(0x7f);
  while (end - p >= 16) {
    const __m128i block = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    // x <= 0x1F (unsigned) exactly when min(x, 0x1F) == x.
    const __m128i control = _mm_or_si128(_mm_cmpeq_epi8(_mm_min_epu8(block, max_control), block),
                                         _mm_cmpeq_epi8(block, del));
    const auto mask = static_cast<unsigned>(_mm_movemask_epi8(control));
    if (mask == 0) {
      p += 16;
      continue;
    }
    p += __builtin_ctz(mask);
    if (*p != '\t') return p;
    ++p;  // a HTAB belongs to the value
  }
#else
  constexpr std::uint64_t kOnes = 0x0101010101010101ull;
  constexpr std::uint64_t kHighs = 0x8080808080808080ull;
  while (end - p >= 8) {
    std::uint64_t word;
    std::memcpy(&word, p, 8);
    const std::uint64_t below_space = (word - kOnes * 0x20) & ~word & kHighs;
    const std::uint64_t del = word ^ (kOnes * 0x7f);
    const std::uint64_t is_del = (del - kOnes) & ~del & kHighs;
    if ((below_space | is_del) != 0) break;  // a HTAB, or a control: look byte by byte
    p += 8;
  }
#endif
  while (p != end && !IsValueControl(*p)) ++p;
  return p;
}

std::uint64_t Load8(const char* p) {
  std::uint64_t word;
  std::memcpy(&word, p, 8);
  return word;
}

// `name` (tchar only) equals `lower` (lower-case letters, digits and '-') ignoring ASCII case:
// for a tchar c, c | 0x20 is a lower-case letter only when c is that letter in either case, and
// a digit or '-' only when c is that digit or '-'. Eight bytes at a time; the last word is
// read ending at the name's end, so no byte past the name is read.
bool NameIs(std::string_view name, std::string_view lower) {
  const std::size_t n = name.size();
  if (n != lower.size()) return false;
  if (n < 8) {
    for (std::size_t i = 0; i < n; ++i) {
      if ((name[i] | 0x20) != lower[i]) return false;
    }
    return true;
  }
  constexpr std::uint64_t kFold = 0x2020202020202020ull;
  for (std::size_t i = 0; i + 8 < n; i += 8) {
    if ((Load8(name.data() + i) | kFold) != Load8(lower.data() + i)) return false;
  }
  return (Load8(name.data() + n - 8) | kFold) == Load8(lower.data() + n - 8);
}

// The value equals `lower` (letters and '-') ignoring ASCII case.
bool ValueIs(std::string_view value, std::string_view lower) {
  if (value.size() != lower.size()) return false;
  for (std::size_t i = 0; i < value.size(); ++i) {
    const char c = value[i];
    const char folded = (c >= 'A' && c <= 'Z') ? static_cast<char>(c | 0x20) : c;
    if (folded != lower[i]) return false;
  }
  return true;
}

// The field names this reader knows: those it treats specially (kRefused ones make the request
// not plain), and the ones SDKs send (kOther), whose spelling needs no check of its own once
// matched. Any other name is kUnknown: its bytes are checked to be tchars.
enum class Name {
  kUnknown,
  kOther,
  kContentType,
  kAuthorization,
  kOrigin,
  kRequestMethod,
  kRequestHeaders,
  kContentEncoding,
  kAcceptEncoding,
  kAmzTarget,
  kContentLength,
  kConnection,
  kRefused,
};

// `n` holds no control byte (the caller has scanned its line), so NameIs is exact on it.
Name Classify(std::string_view n) {
  switch (n.size()) {
    case 4:
      return NameIs(n, "host") ? Name::kOther : Name::kUnknown;
    case 6:
      if (NameIs(n, "origin")) return Name::kOrigin;
      if (NameIs(n, "expect")) return Name::kRefused;
      return Name::kUnknown;
    case 7:
      return NameIs(n, "upgrade") ? Name::kRefused : Name::kUnknown;
    case 10:
      if (NameIs(n, "x-amz-date") || NameIs(n, "user-agent")) return Name::kOther;
      if (NameIs(n, "connection")) return Name::kConnection;
      return Name::kUnknown;
    case 12:
      if (NameIs(n, "x-amz-target")) return Name::kAmzTarget;
      if (NameIs(n, "content-type")) return Name::kContentType;
      return Name::kUnknown;
    case 13:
      return NameIs(n, "authorization") ? Name::kAuthorization : Name::kUnknown;
    case 14:
      return NameIs(n, "content-length") ? Name::kContentLength : Name::kUnknown;
    case 15:
      if (NameIs(n, "accept-encoding")) return Name::kAcceptEncoding;
      if (NameIs(n, "amz-sdk-request")) return Name::kOther;
      return Name::kUnknown;
    case 16:
      if (NameIs(n, "x-amz-user-agent")) return Name::kOther;
      if (NameIs(n, "content-encoding")) return Name::kContentEncoding;
      if (NameIs(n, "proxy-connection")) return Name::kRefused;
      return Name::kUnknown;
    case 17:
      return NameIs(n, "transfer-encoding") ? Name::kRefused : Name::kUnknown;
    case 20:
      if (NameIs(n, "x-amz-content-sha256") || NameIs(n, "x-amz-security-token")) {
        return Name::kOther;
      }
      return Name::kUnknown;
    case 21:
      return NameIs(n, "amz-sdk-invocation-id") ? Name::kOther : Name::kUnknown;
    case 29:
      return NameIs(n, "access-control-request-method") ? Name::kRequestMethod : Name::kUnknown;
    case 30:
      return NameIs(n, "access-control-request-headers") ? Name::kRequestHeaders : Name::kUnknown;
    default:
      return Name::kUnknown;
  }
}

bool AllTokens(std::string_view name) {
  for (const char c : name) {
    if (!IsToken(c)) return false;
  }
  return true;
}

// The first ':' of [p, line_end), or null; bytes up to `end` may be read.
const char* FindColon(const char* p, const char* line_end, const char* end) {
#if defined(__SSE2__)
  const __m128i colon = _mm_set1_epi8(':');
  while (p < line_end && end - p >= 16) {
    const __m128i block = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    const auto mask = static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(block, colon)));
    if (mask != 0) {
      p += __builtin_ctz(mask);
      return p < line_end ? p : nullptr;
    }
    p += 16;
  }
#endif
  while (p < line_end && *p != ':') ++p;
  return p < line_end ? p : nullptr;
}

// Case-insensitive equality of two field names (tchar only, so folding bit 0x20 of letters
// alone is exact).
bool SameName(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    char x = a[i], y = b[i];
    if (x >= 'A' && x <= 'Z') x = static_cast<char>(x | 0x20);
    if (y >= 'A' && y <= 'Z') y = static_cast<char>(y | 0x20);
    if (x != y) return false;
  }
  return true;
}

// Appends a field as Beast's field list holds it: after the last field of the same name when
// there is one (Beast keeps a name's fields together), else at the end. `lengths` has bit
// (size % 64) set for every name so far: a name whose bit is clear has no earlier namesake.
void AddHeader(HttpRequestView& view, std::string_view name, std::string_view value,
               std::uint64_t& lengths) {
  auto& headers = view.headers;
  const std::uint64_t bit = std::uint64_t{1} << (name.size() % 64);
  const bool maybe_seen = (lengths & bit) != 0;
  lengths |= bit;
  if (!maybe_seen) {
    headers.emplace_back(name, value);
    return;
  }
  for (std::size_t i = headers.size(); i-- > 0;) {
    if (SameName(headers[i].first, name)) {
      headers.emplace(headers.begin() + static_cast<std::ptrdiff_t>(i + 1), name, value);
      return;
    }
  }
  headers.emplace_back(name, value);
}

// Content-Length: digits only (Beast also takes "n, n" lists; those go to Beast). Twenty
// digits could overflow; a body that large is over any limit anyway, so Beast answers it.
std::optional<std::uint64_t> ParseLength(std::string_view value) {
  if (value.empty() || value.size() > 19) return std::nullopt;
  std::uint64_t length = 0;
  for (const char c : value) {
    if (c < '0' || c > '9') return std::nullopt;
    length = length * 10 + static_cast<std::uint64_t>(c - '0');
  }
  return length;
}

// What the fields say about the request beyond the view.
struct FieldFacts {
  std::uint64_t name_lengths = 0;  // see AddHeader
  std::optional<std::uint64_t> content_length;
  bool connection_seen = false;
  bool close = false;       // Connection: close
  bool keep_alive = false;  // Connection: keep-alive
};

// Records one field in the view and the facts; false when it makes the request not plain.
bool TakeField(Name kind, std::string_view name, std::string_view value, unsigned& seen,
               FieldFacts& facts, HttpRequestView& view) {
  // The first field of each name below is the one the router reads (as ViewOf takes it),
  // but for Accept-Encoding.
  const auto take = [&seen](unsigned bit, std::string_view& slot, std::string_view v) {
    if (seen & bit) return;
    seen |= bit;
    slot = v;
  };
  switch (kind) {
    case Name::kUnknown:
    case Name::kOther:
      break;
    case Name::kContentType:
      take(1u << 0, view.content_type, value);
      break;
    case Name::kAuthorization:
      take(1u << 1, view.authorization, value);
      break;
    case Name::kOrigin:
      take(1u << 2, view.origin, value);
      break;
    case Name::kRequestMethod:
      take(1u << 3, view.access_control_request_method, value);
      break;
    case Name::kRequestHeaders:
      take(1u << 4, view.access_control_request_headers, value);
      break;
    case Name::kContentEncoding:
      take(1u << 5, view.content_encoding, value);
      break;
    case Name::kAcceptEncoding:
      // The last one: AWS answers a repeated Accept-Encoding by its last field (ScyllaDB's
      // test_compressed_response.py, observed against DynamoDB).
      view.accept_encoding = value;
      break;
    case Name::kAmzTarget:
      take(1u << 7, view.amz_target, value);
      break;
    case Name::kContentLength:
      if (facts.content_length) return false;
      facts.content_length = ParseLength(value);
      if (!facts.content_length) return false;
      break;
    case Name::kConnection:
      if (facts.connection_seen) return false;
      facts.connection_seen = true;
      if (ValueIs(value, "close")) {
        facts.close = true;
      } else if (ValueIs(value, "keep-alive")) {
        facts.keep_alive = true;
      } else {
        return false;
      }
      break;
    case Name::kRefused:
      return false;
  }
  AddHeader(view, name, value, facts.name_lengths);
  return true;
}

// The request line up to its CRLF; the position after it, or null.
const char* ReadRequestLine(const char* p, const char* end, HttpRequestView& view,
                            unsigned& version) {
  const char* const method = p;
  while (p != end && IsToken(*p)) ++p;
  if (p == method || p == end || *p != ' ') return nullptr;
  if (static_cast<std::size_t>(p - method) > kMaxPieceBytes) return nullptr;
  view.method = {method, static_cast<std::size_t>(p - method)};
  const char* const target = ++p;
  while (p != end && IsTargetChar(*p)) ++p;
  if (p == target || p == end || *p != ' ') return nullptr;
  if (static_cast<std::size_t>(p - target) > kMaxPieceBytes) return nullptr;
  view.target = {target, static_cast<std::size_t>(p - target)};
  ++p;
  if (end - p < 10 || std::memcmp(p, "HTTP/1.", 7) != 0 || p[8] != '\r' || p[9] != '\n') {
    return nullptr;
  }
  if (p[7] != '0' && p[7] != '1') return nullptr;
  version = p[7] == '1' ? 11 : 10;
  return p + 10;
}

}  // namespace

std::optional<PlainRequest> ParsePlainRequest(std::string_view bytes, std::size_t max_header_bytes,
                                              std::size_t max_body_bytes, HttpRequestView& view) {
  const char* const begin = bytes.data();
  const char* const end = begin + bytes.size();
  // Every byte of the head, its final CRLF included, lies before head_end.
  const char* const head_end = begin + std::min(bytes.size(), max_header_bytes);
  PlainRequest request;
  const char* p = ReadRequestLine(begin, head_end, view, request.version);
  if (p == nullptr) return std::nullopt;
  view.content_type = view.amz_target = view.authorization = view.origin = {};
  view.access_control_request_method = view.access_control_request_headers = {};
  view.content_encoding = view.accept_encoding = {};
  view.headers.clear();
  unsigned seen = 0;
  FieldFacts facts;
  for (;;) {
    if (head_end - p < 2) return std::nullopt;
    if (*p == '\r') {
      if (p[1] != '\n') return std::nullopt;
      p += 2;
      break;
    }
    // The line, name and value at once: no byte of either may be a control but a HTAB (one
    // in a name fails its check below), so the first other control must be its CR, followed
    // by LF and by a line that is not a continuation (obs-fold).
    const char* const line_end = FindValueControl(p, head_end);
    if (head_end - line_end < 3 || line_end[0] != '\r' || line_end[1] != '\n' ||
        line_end[2] == ' ' || line_end[2] == '\t') {
      return std::nullopt;
    }
    const char* const colon = FindColon(p, line_end, end);
    if (colon == nullptr || colon == p) return std::nullopt;
    const std::string_view name(p, static_cast<std::size_t>(colon - p));
    const Name kind = Classify(name);
    if (kind == Name::kUnknown && !AllTokens(name)) return std::nullopt;
    const char* value = colon + 1;
    while (value != line_end && (*value == ' ' || *value == '\t')) ++value;
    const char* value_end = line_end;
    while (value_end != value && (value_end[-1] == ' ' || value_end[-1] == '\t')) --value_end;
    p = line_end + 2;
    const std::string_view value_view(value, static_cast<std::size_t>(value_end - value));
    if (name.size() > kMaxPieceBytes || value_view.size() > kMaxPieceBytes) {
      return std::nullopt;
    }
    if (!TakeField(kind, name, value_view, seen, facts, view)) return std::nullopt;
  }
  const std::uint64_t length = facts.content_length.value_or(0);
  if (length > max_body_bytes || length > static_cast<std::uint64_t>(end - p)) {
    return std::nullopt;
  }
  view.body = {p, static_cast<std::size_t>(length)};
  request.consumed = static_cast<std::size_t>(p - begin) + static_cast<std::size_t>(length);
  request.keep_alive = request.version == 11 ? !facts.close : facts.keep_alive;
  request.head = view.method == "HEAD";
  return request;
}

std::string_view HttpDateCache::Now() {
  const std::time_t now = std::time(nullptr);
  if (now != formatted_at_) {
    std::tm tm{};
    gmtime_r(&now, &tm);
    length_ = std::strftime(text_, sizeof text_, "%a, %d %b %Y %H:%M:%S GMT", &tm);
    formatted_at_ = now;
  }
  return {text_, length_};
}

namespace {

// Copies `s` to `p` and returns the position after it.
char* Put(char* p, std::string_view s) {
  std::memcpy(p, s.data(), s.size());
  return p + s.size();
}

}  // namespace

void WriteReplyHead(std::string& out, unsigned version, const HttpReply& reply,
                    std::size_t body_size, bool keep_alive, HttpDateCache& date) {
  namespace http = boost::beast::http;
  using namespace std::string_view_literals;
  // The exact size first, then every piece copied once into a string sized once: `out` keeps
  // its capacity from one reply to the next, and a piece costs one copy, not an append's
  // capacity check and bookkeeping (the head is a dozen pieces or more, on every reply).
  // "200 OK" is nearly every reply's status. (Beast's longest reason phrase is 31 bytes.)
  char status_buffer[96];
  std::string_view status = "200 OK"sv;
  if (reply.status != 200) {
    const auto reason = http::obsolete_reason(static_cast<http::status>(reply.status));
    char* end = std::to_chars(status_buffer, status_buffer + 24, reply.status).ptr;
    *end++ = ' ';
    const std::size_t n = std::min<std::size_t>(reason.size(), 64);
    end = Put(end, std::string_view(reason.data(), n));
    status = std::string_view(status_buffer, static_cast<std::size_t>(end - status_buffer));
  }
  char length[24];
  const char* length_end = std::to_chars(length, length + sizeof length, body_size).ptr;
  const std::string_view body_length(length, static_cast<std::size_t>(length_end - length));
  const std::string_view now = date.Now();
  const std::string_view connection = version == 10 && keep_alive ? "Connection: keep-alive\r\n"sv
                                      : version != 10 && !keep_alive ? "Connection: close\r\n"sv
                                                                     : ""sv;
  std::size_t size = "HTTP/1.1 "sv.size() + status.size() + "\r\nDate: "sv.size() + now.size() +
                     "\r\nContent-Length: "sv.size() + body_length.size() + "\r\n\r\n"sv.size() +
                     connection.size();
  for (const auto& [name, value] : reply.headers) size += name.size() + value.size() + 4;
  out.resize(size);
  char* p = Put(out.data(), version == 10 ? "HTTP/1.0 "sv : "HTTP/1.1 "sv);
  p = Put(p, status);
  p = Put(p, "\r\nDate: "sv);
  p = Put(p, now);
  for (const auto& [name, value] : reply.headers) {
    p = Put(p, "\r\n"sv);
    p = Put(p, name);
    p = Put(p, ": "sv);
    p = Put(p, value);
  }
  p = Put(p, "\r\nContent-Length: "sv);
  p = Put(p, body_length);
  p = Put(p, "\r\n"sv);
  p = Put(p, connection);
  Put(p, "\r\n"sv);
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::server
