"""The OpenAPI document's own string formats, taught to Schemathesis so it generates values that have them.

Loaded through SCHEMATHESIS_HOOKS by api-fuzz.spec.ts.
"""

import schemathesis
from hypothesis import strategies as st

BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"


def base58(data: bytes) -> str:
    number = int.from_bytes(data, "big")
    digits = ""
    while number:
        number, digit = divmod(number, 58)
        digits = BASE58[digit] + digits
    # Each leading zero byte is a leading "1".
    return "1" * (len(data) - len(data.lstrip(b"\0"))) + digits


# A Solana public key (server/src/contract/auth.ts WalletAddress): base58 of exactly 32 bytes.
schemathesis.openapi.format("solana-address", st.binary(min_size=32, max_size=32).map(base58))
