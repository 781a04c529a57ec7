# Creates an HR-like table (20 organisations x 100 employees, GSI1 by email) on ENDPOINT and
# writes reads.txt and writes.txt (one "<Operation><TAB><JSON body>" per line) into OUT_DIR for
# keepalive_load: 63% GetItem (AP1, AP2), 21% Query of GSI1 by email (AP4), 16% a 20-item page
# of an organisation's employees (the list patterns).
#
#   /usr/bin/python3 bench/loadgen/make_mixes.py http://127.0.0.1:8000 /tmp/mixes
import json, os, random, sys, boto3
endpoint = sys.argv[1]
out_dir = sys.argv[2] if len(sys.argv) > 2 else "."
ddb = boto3.client("dynamodb", endpoint_url=endpoint, region_name="us-east-1",
                   aws_access_key_id="AKIDLOAD", aws_secret_access_key="x")
T = "acme-hr"
try:
    ddb.create_table(TableName=T, BillingMode="PAY_PER_REQUEST",
        AttributeDefinitions=[{"AttributeName": n, "AttributeType": "S"} for n in ("PK","SK","GSI1PK","GSI1SK")],
        KeySchema=[{"AttributeName":"PK","KeyType":"HASH"},{"AttributeName":"SK","KeyType":"RANGE"}],
        GlobalSecondaryIndexes=[{"IndexName":"GSI1","KeySchema":[{"AttributeName":"GSI1PK","KeyType":"HASH"},{"AttributeName":"GSI1SK","KeyType":"RANGE"}],"Projection":{"ProjectionType":"ALL"}}])
except ddb.exceptions.ResourceInUseException:
    pass
ORGS, EMPS = 20, 100
def emp(o, e):
    return {"PK":{"S":f"ORG#{o:04d}"},"SK":{"S":f"EMP#{e:06d}"},"GSI1PK":{"S":f"EMAIL#e{e}@org{o}.example"},
            "GSI1SK":{"S":"#EMAIL"},"firstName":{"S":"Ada"},"lastName":{"S":"Lovelace"},
            "email":{"S":f"e{e}@org{o}.example"},"role":{"S":"engineer"},"status":{"S":"active"},
            "deptId":{"S":f"D{e%5}"},"hiredAt":{"S":"2024-01-01T00:00:00Z"},"version":{"N":"1"},
            "salary":{"N":str(50000+e)},"__edb_e__":{"S":"employee"},"__edb_v__":{"S":"1"}}
items = []
for o in range(ORGS):
    items.append({"PK":{"S":f"ORG#{o:04d}"},"SK":{"S":"#METADATA"},"name":{"S":f"Org {o}"},"plan":{"S":"pro"},"createdAt":{"S":"2024-01-01"}})
    for e in range(EMPS): items.append(emp(o, e))
for i in range(0, len(items), 25):
    ddb.batch_write_item(RequestItems={T:[{"PutRequest":{"Item":it}} for it in items[i:i+25]]})
random.seed(1)
reads = []
for _ in range(2000):
    o, e = random.randrange(ORGS), random.randrange(EMPS)
    r = random.random()
    if r < 0.11:   # AP1
        reads.append(("GetItem", {"TableName":T,"Key":{"PK":{"S":f"ORG#{o:04d}"},"SK":{"S":"#METADATA"}}}))
    elif r < 0.63: # AP2/AP6/AP9
        reads.append(("GetItem", {"TableName":T,"Key":{"PK":{"S":f"ORG#{o:04d}"},"SK":{"S":f"EMP#{e:06d}"}}}))
    elif r < 0.84: # AP4
        reads.append(("Query", {"TableName":T,"IndexName":"GSI1","KeyConditionExpression":"GSI1PK = :p","ExpressionAttributeValues":{":p":{"S":f"EMAIL#e{e}@org{o}.example"}}}))
    else:          # AP3/AP5/AP7/AP8/AP10..12: a page of a list
        reads.append(("Query", {"TableName":T,"KeyConditionExpression":"PK = :p AND begins_with(SK, :s)","ExpressionAttributeValues":{":p":{"S":f"ORG#{o:04d}"},":s":{"S":"EMP#"}},"Limit":20}))
with open(os.path.join(out_dir, "reads.txt"),"w") as f:
    for op, b in reads: f.write(op + "\t" + json.dumps(b, separators=(",",":")) + "\n")
writes = []
for i in range(2000):
    o, e = random.randrange(ORGS), random.randrange(EMPS)
    r = random.random()
    if r < 0.5:
        writes.append(("UpdateItem", {"TableName":T,"Key":{"PK":{"S":f"ORG#{o:04d}"},"SK":{"S":f"EMP#{e:06d}"}},"UpdateExpression":"SET #s = :s, salary = salary + :one","ExpressionAttributeNames":{"#s":"status"},"ExpressionAttributeValues":{":s":{"S":"active"},":one":{"N":"1"}}}))
    else:
        it = emp(o, 1000 + i); it["SK"] = {"S": f"APP#{i:06d}"}
        writes.append(("PutItem", {"TableName":T,"Item":it}))
with open(os.path.join(out_dir, "writes.txt"),"w") as f:
    for op, b in writes: f.write(op + "\t" + json.dumps(b, separators=(",",":")) + "\n")
print("ok", len(items))
