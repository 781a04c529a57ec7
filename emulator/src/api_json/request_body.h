// The request body's JSON parse on the request path: a fast path, in place, for the bodies SDKs
// send (ASCII, shallow), with the general parse (ParseRequestBody, request_validator.h) for
// every other body. Both accept exactly the same bodies and build the same document: the fast
// path only skips work that cannot change the outcome for its bodies (see request_body.cc).
// The fast path first tries the subset parse of fast_parse.h (no escapes, small
// integers), then RapidJSON's in-place parse.
#pragma once

#include <rapidjson/document.h>

#include <cstddef>
#include <memory>
#include <string_view>

#include "ddbemu/error.h"
#include "ddbemu/version.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE {

// Where ParseRequestBody's fast path copies the body to parse it in place: the document's
// strings then point into this object, which must outlive the document. A typical body fits
// inside it (keep it on the stack); a larger one goes to the heap.
class RequestBodyScratch {
 public:
  RequestBodyScratch() = default;
  RequestBodyScratch(const RequestBodyScratch&) = delete;
  RequestBodyScratch& operator=(const RequestBodyScratch&) = delete;

  // `body` followed by zero bytes up to a multiple of 16 (at least one): RapidJSON's SIMD scans
  // read aligned 16-byte blocks, which must stay inside the copy.
  char* Copy(std::string_view body);

 private:
  static constexpr std::size_t kInlineBytes = 2048;
  alignas(16) char inline_[kInlineBytes];
  std::unique_ptr<char[]> heap_;
};

// What the fast path needs to know of a body before parsing it.
struct BodyShape {
  bool plain = false;       // ASCII without NUL or 0x1A-0x1F bytes
  std::size_t openers = 0;  // '{' and '[' bytes, inside strings too: a bound on the nesting
};
BodyShape ScanBody(std::string_view body);

// As ParseRequestBody(body, doc) (request_validator.h), with the same outcome for every body:
// OK with the same document, or the same SerializationException. The document may point into
// `scratch`.
Status ParseRequestBody(std::string_view body, RequestBodyScratch& scratch,
                        rapidjson::Document& doc);

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE
