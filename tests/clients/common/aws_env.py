"""The AWS set-up of every real client the tests run (the AWS CLI, boto3): dummy credentials, one
region, and nothing of the machine's own (no config or credentials file, no instance metadata
service, no pager), so that a client talks to the endpoint it is given and to nothing else.

Used by the real-client suites (tests/clients/conftest.py re-exports AWS_ENV to them) and by the
package tests that run real clients (tests/dist/arm64/clients_smoke.py, tests/dist/container).
"""

import os

# test_boto3_protocol.py signs requests by hand with this access key id.
AWS_ENV = {
    "AWS_ACCESS_KEY_ID": "AKIDCLIENTTEST",
    "AWS_SECRET_ACCESS_KEY": "dummy-secret",
    "AWS_DEFAULT_REGION": "us-east-1",
    "AWS_REGION": "us-east-1",
    "AWS_EC2_METADATA_DISABLED": "true",
    "AWS_CONFIG_FILE": "/dev/null",
    "AWS_SHARED_CREDENTIALS_FILE": "/dev/null",
    "AWS_PAGER": "",
}


def client_process_env(base=None):
    """The environment for a client run as a process: base (default os.environ) without any
    AWS_* variable of its own (AWS_PROFILE, AWS_ENDPOINT_URL, ...), then AWS_ENV."""
    base = os.environ if base is None else base
    env = {k: v for k, v in base.items() if not k.startswith("AWS_")}
    env.update(AWS_ENV)
    return env
