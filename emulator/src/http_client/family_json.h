// The JSON codecs of the operations beyond items, reads, batches, transactions and tables:
// Time to Live and tags, backups, the describe/control operations, PartiQL, and DynamoDB
// Streams. ToJson writes the body an AWS SDK sends (unset members left out); FromJson reads the
// service's answer into the typed response, or fails with InternalServerError naming what broke
// the protocol. Used by the HTTP client and, in process, by the embedded client (json_client.h).
#pragma once

#include <string>
#include <string_view>

#include "ddbemu/client.h"
#include "ddbemu/streams_client.h"

namespace ddbemu::http_client {

#define DDB_FAMILY_CODEC(Op)                      \
  std::string ToJson(const Op##Request& request); \
  Status FromJson(std::string_view body, Op##Response& out);

// ttl_tags_json.cc
DDB_FAMILY_CODEC(UpdateTimeToLive)
DDB_FAMILY_CODEC(DescribeTimeToLive)
DDB_FAMILY_CODEC(TagResource)
DDB_FAMILY_CODEC(UntagResource)
DDB_FAMILY_CODEC(ListTagsOfResource)
// backups_json.cc
DDB_FAMILY_CODEC(CreateBackup)
DDB_FAMILY_CODEC(DescribeBackup)
DDB_FAMILY_CODEC(ListBackups)
DDB_FAMILY_CODEC(DeleteBackup)
DDB_FAMILY_CODEC(RestoreTableFromBackup)
DDB_FAMILY_CODEC(RestoreTableToPointInTime)
// control_json.cc
DDB_FAMILY_CODEC(DescribeEndpoints)
DDB_FAMILY_CODEC(DescribeLimits)
DDB_FAMILY_CODEC(DescribeContinuousBackups)
DDB_FAMILY_CODEC(UpdateContinuousBackups)
DDB_FAMILY_CODEC(DescribeContributorInsights)
DDB_FAMILY_CODEC(UpdateContributorInsights)
DDB_FAMILY_CODEC(ListContributorInsights)
// partiql_json.cc
DDB_FAMILY_CODEC(ExecuteStatement)
DDB_FAMILY_CODEC(BatchExecuteStatement)
DDB_FAMILY_CODEC(ExecuteTransaction)
// streams_json.cc
DDB_FAMILY_CODEC(ListStreams)
DDB_FAMILY_CODEC(DescribeStream)
DDB_FAMILY_CODEC(GetShardIterator)
DDB_FAMILY_CODEC(GetRecords)

#undef DDB_FAMILY_CODEC

}  // namespace ddbemu::http_client
