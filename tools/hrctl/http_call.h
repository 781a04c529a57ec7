// A JsonCall (hrcore/json_call_client.h) over HTTP to any DynamoDB endpoint that does not verify
// signatures (ddb-local, Amazon DynamoDB Local): POST / with X-Amz-Target and an Authorization
// header of SigV4 shape naming the access key (which selects the tables' namespace). One
// keep-alive connection, reopened when the server closes it. Stop-gap until ddbemu's HTTP
// client (issue 9) lands; then `--endpoint` uses OpenHttpClient.
#pragma once

#include <string>

#include "hrcore/errors.h"
#include "hrcore/json_call_client.h"

namespace hrctl {

hrcore::Result<hrcore::JsonCall> MakeHttpJsonCall(const std::string& endpoint,
                                                  const std::string& access_key_id,
                                                  const std::string& region);

}  // namespace hrctl
