"""Independent signature check: run Debian's xmlsec1 (libxmlsec1) on a signed document.

signxml and our signer share lxml's C14N, so a bug there could fool both; xmlsec1 is a different
implementation. Tests call `xmlsec_verify` on every signature they make.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

XMLSEC1 = "/usr/bin/xmlsec1"

requires_xmlsec1 = pytest.mark.skipif(
    shutil.which(XMLSEC1) is None,
    reason="xmlsec1 is not installed (apt-get install xmlsec1); CI installs it",
)


def xmlsec_verify(
    xml: bytes,
    *,
    id_node: str,
    namespace: str,
    trusted_pem: bytes,
    tmp: Path,
    node_xpath: str | None = None,
) -> str:
    """Verify the first Signature of `xml` (or the one `node_xpath` selects), trusting
    `trusted_pem`; return xmlsec1's report.

    `id_node` names the element whose `Id` attribute the Reference URI points at (infNFe,
    infEvento, infInut). Raises AssertionError with xmlsec1's stderr when it refuses.
    """
    if shutil.which(XMLSEC1) is None:
        pytest.skip("xmlsec1 is not installed (apt-get install xmlsec1); CI installs it")
    document, ca = tmp / "signed.xml", tmp / "trusted.pem"
    document.write_bytes(xml)
    ca.write_bytes(trusted_pem)
    command = [
        XMLSEC1, "--verify", "--trusted-pem", str(ca),
        "--id-attr:Id", f"{namespace}:{id_node}",
        "--enabled-reference-uris", "same-doc",
        *(["--node-xpath", node_xpath] if node_xpath else []), str(document),
    ]  # fmt: skip
    result = subprocess.run(command, capture_output=True, text=True, check=False, timeout=60)
    assert result.returncode == 0, f"xmlsec1 refused the signature:\n{result.stderr}"
    return result.stderr
