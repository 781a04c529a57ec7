// Content codings: request gzip bodies and compressed replies, as DynamoDB applies them.
#include "server/content_encoding.h"

#include <gtest/gtest.h>
#include <zlib.h>

#include <string>

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::server {
namespace content_encoding_test {

// zlib's own inflate of a gzip (windowBits 31) or zlib (15) stream, as a client would.
std::string Inflate(const std::string& data, int window_bits) {
  z_stream zs{};
  EXPECT_EQ(inflateInit2(&zs, window_bits), Z_OK);
  std::string out(1 << 20, '\0');
  zs.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
  zs.avail_in = static_cast<uInt>(data.size());
  zs.next_out = reinterpret_cast<Bytef*>(out.data());
  zs.avail_out = static_cast<uInt>(out.size());
  EXPECT_EQ(inflate(&zs, Z_FINISH), Z_STREAM_END);
  out.resize(zs.total_out);
  inflateEnd(&zs);
  return out;
}

std::string Gzip(const std::string& text) { return CompressBody(text, ResponseEncoding::kGzip); }

TEST(ResponseEncodingChoice, FollowsWhatAwsAnswers) {
  // The cases ScyllaDB's test_compressed_response.py recorded against DynamoDB.
  const struct {
    const char* header;
    ResponseEncoding expected;
  } cases[] = {
      {"", ResponseEncoding::kIdentity},
      {"identity", ResponseEncoding::kIdentity},
      {"br", ResponseEncoding::kIdentity},
      {"x-gzip", ResponseEncoding::kIdentity},
      {"gzip", ResponseEncoding::kGzip},
      {"deflate", ResponseEncoding::kDeflate},
      {"gzip, deflate", ResponseEncoding::kGzip},
      {"br, identity, deflate, gzip", ResponseEncoding::kDeflate},
      {"GZIP, identity", ResponseEncoding::kGzip},
      {"dog, gzip ,, cat", ResponseEncoding::kGzip},
      {"gzip;q=0.8, deflate;q=0.5", ResponseEncoding::kGzip},
      {"br, gzip;q=0, deflate; q = 0.5 , identity;q=0", ResponseEncoding::kDeflate},
      {"*", ResponseEncoding::kGzip},
      {"*, deflate;q=0.5", ResponseEncoding::kGzip},
      {"*, deflate", ResponseEncoding::kDeflate},
      {"*, identity", ResponseEncoding::kGzip},
      {"*, gzip;q=0.5", ResponseEncoding::kDeflate},
      {"gzip ;q=0", ResponseEncoding::kIdentity},
      {"*;q=0", ResponseEncoding::kIdentity},
      {"*;q=0.5,identity", ResponseEncoding::kGzip},
      {"br;q=0.8,identity;q=0.5,*;q=0", ResponseEncoding::kIdentity},
      {"\"gzip\"", ResponseEncoding::kIdentity},
      {"gzip br", ResponseEncoding::kIdentity},
      {"gzip:q=1", ResponseEncoding::kIdentity},
      {"deflate;q=0.5, gzip;q=31", ResponseEncoding::kGzip},
      {"gzip;q=31,deflate;q=51", ResponseEncoding::kGzip},
      {"deflate;q=0.5, gzip;q=0.2", ResponseEncoding::kDeflate},
      {"deflate;q=0.5, gzip;q=1;q=0.2", ResponseEncoding::kGzip},
      {"deflate;q=0.5,gzip;q=0.", ResponseEncoding::kDeflate},
      {"deflate;q=0.5,gzip;q=0.x", ResponseEncoding::kGzip},
      {"deflate;q=-0.5,gzip;q=0.2", ResponseEncoding::kGzip},
      {"gzip;nq=1;q=0 ", ResponseEncoding::kIdentity},
      {"gzip;q=0, gzip;q=1, gzip;q=0", ResponseEncoding::kGzip},
      {"br,identity;q=0.5,gzip;q=0.0001", ResponseEncoding::kGzip},
      {"identity;q=0", ResponseEncoding::kIdentity},
      {"gzip;q=0.5,identity;q=0.8", ResponseEncoding::kGzip},
      {"deflate;q=0.5,gzip;q=0.   x", ResponseEncoding::kGzip},
      // Blanks around "=" and ";" (RFC 9110's OWS), and q=0 with trailing zeros.
      {"gzip;q =0", ResponseEncoding::kIdentity},
      {"gzip; q= 0.000, deflate", ResponseEncoding::kDeflate},
      {"deflate;q = 0.4,gzip ; q=0.6", ResponseEncoding::kGzip},
      {"gzip;q=0,deflate;q=0,*", ResponseEncoding::kIdentity},
  };
  for (const auto& c : cases) {
    EXPECT_EQ(ChooseResponseEncoding(c.header), c.expected) << c.header;
  }
}

TEST(ResponseCompression, GzipAndDeflateRoundTripThroughZlib) {
  const std::string body = "{\"Items\":[" + std::string(10000, 'x') + "]}";
  EXPECT_EQ(Inflate(CompressBody(body, ResponseEncoding::kGzip), 15 + 16), body);
  EXPECT_EQ(Inflate(CompressBody(body, ResponseEncoding::kDeflate), 15), body);
  EXPECT_LT(CompressBody(body, ResponseEncoding::kGzip).size(), body.size() / 30);
}

TEST(RequestGunzip, DecodesOneOrSeveralMembers) {
  std::string out;
  EXPECT_EQ(GunzipBody(Gzip("{\"TableName\":\"t\"}"), 1 << 20, out), InflateOutcome::kOk);
  EXPECT_EQ(out, "{\"TableName\":\"t\"}");
  // RFC 1952: a gzip file may be several members; AWS takes them (Alternator's tests).
  EXPECT_EQ(GunzipBody(Gzip("{\"Table") + Gzip("Name\":\"t\"}"), 1 << 20, out),
            InflateOutcome::kOk);
  EXPECT_EQ(out, "{\"TableName\":\"t\"}");
  const std::string big(200000, ' ');
  EXPECT_EQ(GunzipBody(Gzip(big), 1 << 20, out), InflateOutcome::kOk);
  EXPECT_EQ(out, big);
}

TEST(RequestGunzip, RefusesWhatIsNotWholeGzip) {
  std::string out;
  const std::string gz = Gzip("{\"TableName\":\"t\"}");
  EXPECT_EQ(GunzipBody("", 1 << 20, out), InflateOutcome::kCorrupt);
  EXPECT_EQ(GunzipBody("{\"TableName\":\"t\"}", 1 << 20, out), InflateOutcome::kCorrupt);
  EXPECT_EQ(GunzipBody(gz.substr(0, gz.size() - 1), 1 << 20, out), InflateOutcome::kCorrupt);
  EXPECT_EQ(GunzipBody(gz + "junk", 1 << 20, out), InflateOutcome::kCorrupt);
  EXPECT_TRUE(out.empty());
}

TEST(RequestDeflate, DecodesZlibAndRawDeflateAndRefusesTheRest) {
  std::string out;
  const std::string json = "{\"TableName\":\"t\"}";
  const std::string zlib = CompressBody(json, ResponseEncoding::kDeflate);
  EXPECT_EQ(InflateDeflateBody(zlib, 1 << 20, out), InflateOutcome::kOk);
  EXPECT_EQ(out, json);
  EXPECT_EQ(InflateDeflateBody(zlib.substr(2, zlib.size() - 6), 1 << 20, out), InflateOutcome::kOk);
  EXPECT_EQ(out, json);
  EXPECT_EQ(InflateDeflateBody("", 1 << 20, out), InflateOutcome::kCorrupt);
  EXPECT_EQ(InflateDeflateBody(zlib + zlib, 1 << 20, out), InflateOutcome::kCorrupt);
  EXPECT_EQ(InflateDeflateBody(zlib.substr(0, zlib.size() - 3), 1 << 20, out),
            InflateOutcome::kCorrupt);
  EXPECT_EQ(InflateDeflateBody(Gzip(json), 1 << 20, out), InflateOutcome::kCorrupt);
  EXPECT_TRUE(out.empty());
  const std::string bomb = CompressBody(std::string(4 << 20, 'a'), ResponseEncoding::kDeflate);
  EXPECT_EQ(InflateDeflateBody(bomb, 1 << 20, out), InflateOutcome::kTooLarge);
}

TEST(RequestGunzip, StopsAtTheInflatedLimit) {
  std::string out;
  const std::string bomb = Gzip(std::string(4 << 20, 'a'));
  EXPECT_LT(bomb.size(), 64u << 10);
  EXPECT_EQ(GunzipBody(bomb, 1 << 20, out), InflateOutcome::kTooLarge);
  EXPECT_TRUE(out.empty());
}

}  // namespace content_encoding_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::server
