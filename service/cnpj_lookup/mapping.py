"""Provider JSON → the `dados` of the lookup, with `origem` per field and `avisos`.

Each public register names things its own way; `from_*` turn one answer into `RegisterData`,
and `answer` adds what is computed (UF code), what is only suggested (CRT) and the warnings.
Nothing about taxation (CFOP, CST, rates, cClassTrib) is ever derived here: a CNPJ does not
tell how a company's operations are taxed.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from service.brazil.documents import strip_mask
from service.brazil.errors import InvalidIdentifier
from service.brazil.geo import UF_CODES, check_municipality, normalize_uf

AUTOMATICO = "AUTOMATICO"
CALCULADO = "CALCULADO"
SUGERIDO = "SUGERIDO"
CONFIRMACAO_OBRIGATORIA = "CONFIRMACAO_OBRIGATORIA"

SITUATIONS = {1: "NULA", 2: "ATIVA", 3: "SUSPENSA", 4: "INAPTA", 8: "BAIXADA"}
"""Receita Federal's codes of `situacao_cadastral` (BrasilAPI sends the code too)."""

LAYOUT_LIMIT = 60
"""NF-e layout limit of names and address parts; longer register values must be abbreviated."""

TAX_NOTICE = "CFOP, CST, alíquotas e cClassTrib não são inferidos do CNPJ: configure a tributação."


class MalformedAnswer(ValueError):
    """The provider answered 200 with something that is not a register entry."""


@dataclass
class RegisterData:
    """One company as a public register describes it, in our field names."""

    cnpj: str
    razao_social: str
    nome_fantasia: str | None = None
    situacao_cadastral: str | None = None
    data_abertura: str | None = None
    cnae: str | None = None
    cnaes_secundarios: list[str] = field(default_factory=list)
    cep: str | None = None
    logradouro: str | None = None
    numero: str | None = None
    bairro: str | None = None
    municipio: str | None = None
    cod_municipio: str | None = None
    uf: str | None = None
    telefone: str | None = None
    email: str | None = None
    simples: bool | None = None
    mei: bool | None = None


# -- small readers -------------------------------------------------------------------------


def _text(value: Any) -> str | None:
    if isinstance(value, bool) or value is None:
        return None
    text = str(value).strip()
    return text or None


def _object(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


def _digits(value: Any, size: int) -> str | None:
    """Digits of a code; numbers lose leading zeros in JSON, so they are padded back."""
    if isinstance(value, int) and not isinstance(value, bool):
        text = str(value).zfill(size)
    else:
        text = re.sub(r"\D", "", _text(value) or "")
    return text if len(text) == size and set(text) != {"0"} else None


def _iso_date(value: Any) -> str | None:
    """`AAAA-MM-DD` or `DD/MM/AAAA` (ReceitaWS) as an ISO date."""
    text = _text(value) or ""
    found = re.fullmatch(r"(\d{4})-(\d{2})-(\d{2})", text[:10])
    parts = found.groups() if found else None
    if parts is None and (br := re.fullmatch(r"(\d{2})/(\d{2})/(\d{4})", text)):
        parts = (br.group(3), br.group(2), br.group(1))
    if parts is None:
        return None
    try:
        return date(int(parts[0]), int(parts[1]), int(parts[2])).isoformat()
    except ValueError:
        return None


def _phone(value: Any) -> str | None:
    """The first number of the register (ReceitaWS lists several separated by `/`)."""
    first = (_text(value) or "").split("/")[0]
    digits = re.sub(r"\D", "", first)
    return digits if 8 <= len(digits) <= 14 else None


def _email(value: Any) -> str | None:
    text = (_text(value) or "").lower()
    return text if re.fullmatch(r"[^@\s]+@[^@\s]+\.[^@\s]+", text) else None


def _street(kind: Any, name: Any) -> str | None:
    """Street type and name in one line, as the NF-e `xLgr` carries them."""
    street, prefix = _text(name), _text(kind)
    if street and prefix and not street.upper().startswith(prefix.upper()):
        return f"{prefix} {street}"
    return street


def _flag(value: Any) -> bool | None:
    """True/False, `Sim`/`Não`; anything else is unknown (never read as a no)."""
    if isinstance(value, bool):
        return value
    text = (_text(value) or "").upper()
    return {"SIM": True, "S": True, "NÃO": False, "NAO": False, "N": False}.get(text)


def _situation(value: Any) -> str | None:
    if isinstance(value, int) and not isinstance(value, bool):
        return SITUATIONS.get(value)
    text = _text(value)
    return text.upper() if text else None


def _start(payload: Any, name_key: str, cnpj: str, answered: Any) -> str:
    """The register entry must be an object naming a company, about the CNPJ asked."""
    if not isinstance(payload, dict):
        raise MalformedAnswer("resposta não é um objeto JSON")
    name = _text(payload.get(name_key))
    if name is None:
        raise MalformedAnswer(f"resposta sem `{name_key}`")
    if _text(answered) is not None and strip_mask(str(answered)) != cnpj:
        raise MalformedAnswer("resposta sobre outro CNPJ")
    return name


# -- providers -----------------------------------------------------------------------------


def from_brasilapi(payload: Any, cnpj: str) -> RegisterData:
    """BrasilAPI `/api/cnpj/v1/{cnpj}` (Receita Federal open data)."""
    name = _start(payload, "razao_social", cnpj, _object(payload).get("cnpj"))
    situacao = payload.get("descricao_situacao_cadastral") or payload.get("situacao_cadastral")
    secondary = [
        _digits(_object(c).get("codigo"), 7) for c in _list(payload.get("cnaes_secundarios"))
    ]
    return RegisterData(
        cnpj=cnpj, razao_social=name, nome_fantasia=_text(payload.get("nome_fantasia")),
        situacao_cadastral=_situation(situacao),
        data_abertura=_iso_date(payload.get("data_inicio_atividade")),
        cnae=_digits(payload.get("cnae_fiscal"), 7),
        cnaes_secundarios=[c for c in secondary if c],
        cep=_digits(payload.get("cep"), 8),
        logradouro=_street(payload.get("descricao_tipo_de_logradouro"), payload.get("logradouro")),
        numero=_text(payload.get("numero")), bairro=_text(payload.get("bairro")),
        municipio=_text(payload.get("municipio")),
        cod_municipio=_digits(payload.get("codigo_municipio_ibge"), 7),
        uf=_text(payload.get("uf")), telefone=_phone(payload.get("ddd_telefone_1")),
        email=_email(payload.get("email")), simples=_flag(payload.get("opcao_pelo_simples")),
        mei=_flag(payload.get("opcao_pelo_mei")),
    )  # fmt: skip


def from_receitaws(payload: Any, cnpj: str) -> RegisterData:
    """ReceitaWS `/v1/cnpj/{cnpj}`: `status` OK, activities as `{code, text}` lists."""
    name = _start(payload, "nome", cnpj, _object(payload).get("cnpj"))
    if payload.get("status") != "OK":
        raise MalformedAnswer(f"status {payload.get('status')!r}")
    main = _list(payload.get("atividade_principal"))
    secondary = [
        _digits(_object(a).get("code"), 7) for a in _list(payload.get("atividades_secundarias"))
    ]
    return RegisterData(
        cnpj=cnpj, razao_social=name, nome_fantasia=_text(payload.get("fantasia")),
        situacao_cadastral=_situation(payload.get("situacao")),
        data_abertura=_iso_date(payload.get("abertura")),
        cnae=_digits(_object(main[0]).get("code"), 7) if main else None,
        cnaes_secundarios=[c for c in secondary if c],
        cep=_digits(payload.get("cep"), 8), logradouro=_text(payload.get("logradouro")),
        numero=_text(payload.get("numero")), bairro=_text(payload.get("bairro")),
        municipio=_text(payload.get("municipio")), uf=_text(payload.get("uf")),
        telefone=_phone(payload.get("telefone")), email=_email(payload.get("email")),
        simples=_flag(_object(payload.get("simples")).get("optante")),
        mei=_flag(_object(payload.get("simei")).get("optante")),
    )  # fmt: skip


def from_cnpjws(payload: Any, cnpj: str) -> RegisterData:
    """CNPJ.ws public API `/cnpj/{cnpj}`: the establishment nested in `estabelecimento`."""
    place = _object(_object(payload).get("estabelecimento"))
    name = _start(payload, "razao_social", cnpj, place.get("cnpj"))
    if not place:
        raise MalformedAnswer("resposta sem `estabelecimento`")
    simples = _object(payload.get("simples"))
    secondary = [
        _digits(_object(a).get("id"), 7) for a in _list(place.get("atividades_secundarias"))
    ]
    phone = f"{_text(place.get('ddd1')) or ''}{_text(place.get('telefone1')) or ''}"
    return RegisterData(
        cnpj=cnpj, razao_social=name, nome_fantasia=_text(place.get("nome_fantasia")),
        situacao_cadastral=_situation(place.get("situacao_cadastral")),
        data_abertura=_iso_date(place.get("data_inicio_atividade")),
        cnae=_digits(_object(place.get("atividade_principal")).get("id"), 7),
        cnaes_secundarios=[c for c in secondary if c],
        cep=_digits(place.get("cep"), 8),
        logradouro=_street(place.get("tipo_logradouro"), place.get("logradouro")),
        numero=_text(place.get("numero")), bairro=_text(place.get("bairro")),
        municipio=_text(_object(place.get("cidade")).get("nome")),
        cod_municipio=_digits(_object(place.get("cidade")).get("ibge_id"), 7),
        uf=_text(_object(place.get("estado")).get("sigla")), telefone=_phone(phone),
        email=_email(place.get("email")), simples=_flag(simples.get("simples")),
        mei=_flag(simples.get("mei")),
    )  # fmt: skip


# -- the answer ----------------------------------------------------------------------------

DADOS_FIELDS = (
    "cnpj", "razao_social", "nome_fantasia", "situacao_cadastral", "data_abertura", "cnae",
    "cnaes_secundarios", "cep", "logradouro", "numero", "bairro", "municipio", "cod_municipio",
    "uf", "cod_uf", "telefone", "email", "crt",
)  # fmt: skip


SIMPLES_NOTICE = (
    "CRT 1 (Simples Nacional) sugerido pela opção pelo Simples; acima do sublimite estadual "
    "use CRT 2. Confirme."
)
NORMAL_NOTICE = "CRT 3 (regime normal) sugerido: não optante pelo Simples Nacional. Confirme."
UNKNOWN_NOTICE = "O cadastro não informa a opção pelo Simples/MEI: informe o CRT."


@dataclass(frozen=True)
class CrtSuggestion:
    crt: int | None
    origem: str
    aviso: str


def suggest_crt(simples: bool | None, mei: bool | None) -> CrtSuggestion:
    """A CRT from the Simples/MEI options of the register; always to be confirmed.

    CRT 2 (Simples above the state sub-limit) depends on revenue no register publishes, so a
    Simples company is suggested CRT 1 with a warning; without the options nothing is guessed.
    """
    if mei:
        return CrtSuggestion(4, SUGERIDO, "CRT 4 (MEI) sugerido pela opção pelo SIMEI; confirme.")
    if simples:
        return CrtSuggestion(1, SUGERIDO, SIMPLES_NOTICE)
    if simples is False:
        return CrtSuggestion(3, SUGERIDO, NORMAL_NOTICE)
    return CrtSuggestion(None, CONFIRMACAO_OBRIGATORIA, UNKNOWN_NOTICE)


def _place(data: RegisterData, warnings: list[str]) -> tuple[str | None, str | None, str | None]:
    """UF, its IBGE code and the municipality code, each checked; a bad value is dropped."""
    uf = cod_uf = None
    if data.uf:
        try:
            uf = normalize_uf(data.uf)
            cod_uf = UF_CODES[uf]
        except InvalidIdentifier:
            warnings.append(f"UF {data.uf!r} do cadastro não é uma UF brasileira: informe a UF.")
    if data.cod_municipio is None:
        warnings.append(
            "O cadastro não trouxe o código IBGE do município: informe `cod_municipio`."
        )
        return uf, cod_uf, None
    try:
        return uf, cod_uf, check_municipality(data.cod_municipio, uf or "")
    except InvalidIdentifier:
        warnings.append(
            f"Código IBGE {data.cod_municipio} não confere com a UF: informe `cod_municipio`."
        )
        return uf, cod_uf, None


def answer(
    data: RegisterData, fonte: str, skipped: Sequence[tuple[str, str]] = ()
) -> dict[str, Any]:
    """`dados`, `origem`, `fonte`, `avisos` of `POST /configuracao-fiscal/cnpj/consultar`.

    `skipped` lists the providers asked before `fonte` and why they gave nothing.
    """
    warnings = [f"Fonte {name}: {why}; dados obtidos de {fonte}." for name, why in skipped]
    uf, cod_uf, cod_municipio = _place(data, warnings)
    crt = suggest_crt(data.simples, data.mei)
    dados: dict[str, Any] = {name: getattr(data, name, None) for name in DADOS_FIELDS}
    dados.update(uf=uf, cod_uf=cod_uf, cod_municipio=cod_municipio, crt=crt.crt)
    origem = {name: AUTOMATICO for name, value in dados.items() if value not in (None, [])}
    if cod_uf:
        origem["cod_uf"] = CALCULADO
    origem["crt"] = crt.origem
    if dados["situacao_cadastral"] != "ATIVA":
        situacao = dados["situacao_cadastral"] or "não informada"
        warnings.append(f"Situação cadastral {situacao}: a empresa não está ATIVA na Receita.")
    warnings.extend(
        f"`{name}` tem mais de {LAYOUT_LIMIT} caracteres: abrevie para o leiaute da NF-e."
        for name in ("razao_social", "nome_fantasia", "logradouro", "bairro", "municipio")
        if len(dados[name] or "") > LAYOUT_LIMIT
    )
    warnings.extend([crt.aviso, TAX_NOTICE])
    return {"dados": dados, "origem": origem, "fonte": fonte, "avisos": warnings}
