#!/usr/bin/python3
"""Authoring aid: run case files against one running endpoint and print every answer.

  show_case.py PORT cases/create_table_valid.json [...]

It does not compare anything; use it to see what DynamoDB Local answers while writing a
case (start it by hand: java -Djava.library.path=DynamoDBLocal_lib -jar DynamoDBLocal.jar
-inMemory -port PORT). Tables the case leaves behind are deleted first and afterwards.
"""

import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "clients",
                                "common"))
import ddbservers  # noqa: E402
import difftool  # noqa: E402


def main():
    port = int(sys.argv[1])
    for path in sys.argv[2:]:
        with open(path) as f:
            case = json.load(f)
        print(f"=== {path}: {case.get('description', '')}")
        ddbservers.delete_all_tables(port)
        for i, step in enumerate(case["steps"]):
            status, headers, body = ddbservers.raw_request(port, step["operation"],
                                                           difftool.request_bytes(step),
                                                           headers=step.get("headers"))
            r = difftool.Response(status, headers, body)
            check = difftool.check_reference(step, r)
            print(f"--- {i + 1} {step['operation']} {step.get('name', '')}")
            print(f"    {r.describe()}")
            if check:
                print(f"    CHECK FAILED: {check}")
        ddbservers.delete_all_tables(port)


if __name__ == "__main__":
    main()
