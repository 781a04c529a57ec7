// Region, credentials, profile and endpoint resolution in the SDKs' order, with a fake
// environment and shared files written to a temporary directory.
#include "http_client/transport/aws_config.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::client {
namespace aws_config_test {

class AwsConfigTest : public ::testing::Test {
 protected:
  void SetUp() override {
    char tmpl[] = "/tmp/ddbemu-awsconfig-XXXXXX";
    home_ = ::mkdtemp(tmpl);
    std::filesystem::create_directories(home_ + "/.aws");
    vars_["HOME"] = home_;
  }
  void TearDown() override { std::filesystem::remove_all(home_); }

  void Write(const std::string& name, const std::string& text) {
    std::ofstream(home_ + "/.aws/" + name) << text;
  }
  AwsEnvironment Env() const {
    return {[vars = vars_](const std::string& n) -> std::optional<std::string> {
      const auto it = vars.find(n);
      if (it == vars.end()) return std::nullopt;
      return it->second;
    }};
  }

  std::string home_;
  std::map<std::string, std::string> vars_;
};

TEST_F(AwsConfigTest, EnvironmentComesBeforeSharedFiles) {
  Write("credentials", "[default]\naws_access_key_id = FILEKEY\naws_secret_access_key = FS\n");
  Write("config", "[default]\nregion = eu-west-1\n");
  vars_["AWS_ACCESS_KEY_ID"] = "ENVKEY";
  vars_["AWS_SECRET_ACCESS_KEY"] = "ES";
  vars_["AWS_SESSION_TOKEN"] = "TOKEN";
  vars_["AWS_DEFAULT_REGION"] = "us-west-2";
  const auto creds = ResolveCredentials("default", Env());
  ASSERT_TRUE(creds.ok());
  EXPECT_EQ(creds->access_key_id, "ENVKEY");
  EXPECT_EQ(creds->session_token, "TOKEN");
  EXPECT_EQ(*ResolveRegion(std::nullopt, "default", Env()), "us-west-2");
  vars_["AWS_REGION"] = "ap-south-1";  // AWS_REGION wins over AWS_DEFAULT_REGION
  EXPECT_EQ(*ResolveRegion(std::nullopt, "default", Env()), "ap-south-1");
  EXPECT_EQ(*ResolveRegion(std::string("sa-east-1"), "default", Env()), "sa-east-1");
}

TEST_F(AwsConfigTest, NamedProfileReadsItsSections) {
  Write("credentials",
        "# comment\n[default]\naws_access_key_id=D\naws_secret_access_key=DS\n\n"
        "[work]\naws_access_key_id = WORKKEY ; inline comment\n"
        "aws_secret_access_key = abc#def\naws_session_token = T1\n");
  Write("config",
        "[default]\nregion = eu-west-1\n[profile work]\nregion = eu-central-1\n"
        "s3 =\n  region = ignored\nendpoint_url = http://127.0.0.1:9000\n");
  vars_["AWS_PROFILE"] = "work";
  const std::string profile = ResolveProfile(std::nullopt, Env());
  EXPECT_EQ(profile, "work");
  const auto creds = ResolveCredentials(profile, Env());
  ASSERT_TRUE(creds.ok()) << creds.error().message();
  EXPECT_EQ(creds->access_key_id, "WORKKEY");
  EXPECT_EQ(creds->secret_access_key, "abc#def");
  EXPECT_EQ(creds->session_token, "T1");
  EXPECT_EQ(*ResolveRegion(std::nullopt, profile, Env()), "eu-central-1");
  EXPECT_EQ(ResolveEndpointUrl("", "eu-central-1", profile, Env()), "http://127.0.0.1:9000");
  EXPECT_EQ(ResolveProfile(std::string("default"), Env()), "default");
}

TEST_F(AwsConfigTest, FileLocationsComeFromTheirVariables) {
  std::ofstream(home_ + "/creds.ini")
      << "[default]\naws_access_key_id=X\naws_secret_access_key=Y\n";
  std::ofstream(home_ + "/conf.ini") << "[default]\nregion=me-south-1\n";
  vars_["AWS_SHARED_CREDENTIALS_FILE"] = home_ + "/creds.ini";
  vars_["AWS_CONFIG_FILE"] = home_ + "/conf.ini";
  EXPECT_EQ(ResolveCredentials("default", Env())->access_key_id, "X");
  EXPECT_EQ(*ResolveRegion(std::nullopt, "default", Env()), "me-south-1");
}

TEST_F(AwsConfigTest, MissingRegionOrCredentialsIsAnError) {
  const auto region = ResolveRegion(std::nullopt, "default", Env());
  ASSERT_FALSE(region.ok());
  EXPECT_EQ(region.error().message(), "You must specify a region.");
  const auto creds = ResolveCredentials("nosuch", Env());
  ASSERT_FALSE(creds.ok());
  EXPECT_EQ(creds.error().code(), ErrorCode::kValidation);
}

TEST_F(AwsConfigTest, EndpointsResolveAndParse) {
  EXPECT_EQ(ResolveEndpointUrl("", "us-east-1", "default", Env()),
            "https://dynamodb.us-east-1.amazonaws.com");
  EXPECT_EQ(ResolveEndpointUrl("", "cn-north-1", "default", Env()),
            "https://dynamodb.cn-north-1.amazonaws.com.cn");
  vars_["AWS_ENDPOINT_URL"] = "http://generic:1";
  EXPECT_EQ(ResolveEndpointUrl("", "us-east-1", "default", Env()), "http://generic:1");
  vars_["AWS_ENDPOINT_URL_DYNAMODB"] = "http://ddb:2";
  EXPECT_EQ(ResolveEndpointUrl("", "us-east-1", "default", Env()), "http://ddb:2");
  EXPECT_EQ(ResolveEndpointUrl("http://given:3", "us-east-1", "default", Env()), "http://given:3");

  // SearchVectors: AWS's search endpoint only where the endpoint is AWS's regional one.
  EXPECT_EQ(ResolveSearchEndpointUrl("http://given:3", "us-east-1", "default", Env()),
            std::nullopt);
  EXPECT_EQ(ResolveSearchEndpointUrl("", "us-east-1", "default", Env()),
            std::nullopt);  // $AWS_ENDPOINT_URL_DYNAMODB
  vars_.erase("AWS_ENDPOINT_URL_DYNAMODB");
  vars_.erase("AWS_ENDPOINT_URL");
  EXPECT_EQ(ResolveSearchEndpointUrl("", "eu-west-2", "default", Env()),
            "https://search-dynamodb.eu-west-2.amazonaws.com");
  EXPECT_EQ(ResolveSearchEndpointUrl("", "cn-north-1", "default", Env()),
            "https://search-dynamodb.cn-north-1.amazonaws.com.cn");
  // Naming AWS's regional endpoint explicitly is still AWS.
  EXPECT_EQ(ResolveSearchEndpointUrl("https://dynamodb.eu-west-2.amazonaws.com", "eu-west-2",
                                     "default", Env()),
            "https://search-dynamodb.eu-west-2.amazonaws.com");

  auto e = ParseEndpoint("http://127.0.0.1:8000");
  ASSERT_TRUE(e.ok());
  EXPECT_FALSE(e->https);
  EXPECT_EQ(e->host, "127.0.0.1");
  EXPECT_EQ(e->port, "8000");
  EXPECT_EQ(e->host_header(), "127.0.0.1:8000");
  e = ParseEndpoint("https://dynamodb.us-east-1.amazonaws.com/");
  ASSERT_TRUE(e.ok());
  EXPECT_EQ(e->port, "443");
  EXPECT_EQ(e->host_header(), "dynamodb.us-east-1.amazonaws.com");
  e = ParseEndpoint("http://[::1]:8000");
  ASSERT_TRUE(e.ok());
  EXPECT_EQ(e->host, "::1");
  EXPECT_EQ(e->host_header(), "[::1]:8000");
  EXPECT_FALSE(ParseEndpoint("ftp://x").ok());
  EXPECT_FALSE(ParseEndpoint("http://x/path").ok());
  EXPECT_FALSE(ParseEndpoint("http://x:80a").ok());
}

}  // namespace aws_config_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::client
