"""How a SEFAZ family finds one of its events in the answer of a document lookup: every
registered event comes back as a `procEvento*{evento*, retEvento*}`, re-checked and rewrapped
by the family's wrapper before it counts (key, type, sequence, environment, cStat)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from documents.errors import ProtocolMismatchError
from documents.xml import parse_untrusted
from service.issuance.family import Registration


@dataclass(frozen=True)
class EventLayout:
    """The names of one family's event elements and its wrapper."""

    namespace: str
    proc: str  # procEventoNFe
    event: str  # evento / eventoCTe
    answer: str  # retEvento / retEventoCTe
    wrap: Callable[[bytes, bytes], bytes]
    text_tags: tuple[str, ...]  # xJust, xCorrecao, xObs...

    def registered_in(self, raw: bytes, tp_evento: str, sequence: int) -> Registration | None:
        """Our event (type, sequence) in a lookup's raw answer, or None."""
        q = f"{{{self.namespace}}}"
        for proc in parse_untrusted(raw).iter(q + self.proc):
            evento, ret = proc.find(q + self.event), proc.find(q + self.answer)
            info = evento.find(q + "infEvento") if evento is not None else None
            if evento is None or ret is None or info is None:
                continue
            kind, number = info.findtext(q + "tpEvento"), info.findtext(q + "nSeqEvento")
            if kind != tp_evento or not (number or "").isdigit() or int(number or 0) != sequence:
                continue
            try:
                wrapped = self.wrap(evento, ret)  # type: ignore[arg-type]
            except ProtocolMismatchError:
                continue
            text = next((t for t in map(self._text(info, q), self.text_tags) if t), None)
            answer = ret.find(q + "infEvento")
            assert answer is not None  # the wrapper checked it
            protocol, cstat = answer.findtext(q + "nProt"), answer.findtext(q + "cStat") or ""
            return Registration(wrapped, protocol, cstat, text)
        return None

    @staticmethod
    def _text(info: object, q: str) -> Callable[[str], str | None]:
        detail = info.find(q + "detEvento")  # type: ignore[attr-defined]

        def read(tag: str) -> str | None:
            return None if detail is None else detail.findtext(f".//{q}{tag}")

        return read
