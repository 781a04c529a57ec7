// A parse of the request bodies SDKs send, into the same document RapidJSON builds, at about
// half its cost: RapidJSON's reader is general (escapes, every number form, encodings, error
// offsets), and at about 2,800 instructions it was the largest piece of a read request's parse
// (hrbench's read mix). Bodies outside its subset are left to RapidJSON.
//
// The subset: RFC 8259 JSON of ASCII bytes without NUL, whose strings hold no backslash and no
// byte below 0x20, whose numbers are non-negative integers of at most 9 digits, and whose
// nesting is at most kMaxPlainJsonDepth deep. Whitespace, literals, objects and arrays are
// JSON's, with nothing RapidJSON's default flags do not accept (no comments, no trailing
// commas, one root value and nothing after it). Inside the subset no UTF-8 needs validating,
// and no escape decoding, so the bytes of each string are its value.
#pragma once

#include <rapidjson/document.h>

#include <cstddef>

namespace ddbemu {

// Parses `text[0..size)` in place into `doc` (a fresh document), as doc.ParseInsitu would
// with RapidJSON's default flags: the same values, members in the same order, each string a
// NUL-terminated view into `text`. Returns false, `doc` then unchanged and `text` possibly
// altered, for a body outside the subset or not JSON at all: parse a fresh copy of the body
// with RapidJSON then.
// `text` must be 16-byte aligned and be followed by NUL bytes up to a multiple of 16 bytes
// (RequestBodyScratch::Copy, request_body.h): strings are scanned in aligned 16-byte blocks,
// which then stay inside it.
bool ParsePlainJsonInsitu(char* text, std::size_t size, rapidjson::Document& doc);

// The open containers are kept in an array of this many entries (the parse does not recurse);
// RapidJSON's in-place parse, which the caller bounds to about as many, takes deeper bodies.
inline constexpr std::size_t kMaxPlainJsonDepth = 128;

}  // namespace ddbemu
