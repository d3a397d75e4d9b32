"""Request and response schemas of `/nfe`, `/nfce` and `/inutilizacao`."""

from __future__ import annotations

import functools
from typing import Any

import marshmallow as ma

from documents.errors import AccessKeyError
from documents.keys import AccessKey
from documents.nfe.model import Modelo
from service.brazil import documents as br
from service.brazil import geo
from service.configuration.fields import CompanySelector, Normalized, RetainedStSchema
from service.issuance.models import DocumentStatus
from service.issuance.schemas import DocumentContingencySchema, EventSchema
from service.nfe.payments import PAYMENT_FORMS
from service.validators import Length, OneOf, Range, Regexp, decimal_between, fiscal_text

PRESENCA = ("presencial", "internet", "telefone", "entrega", "outros")
MAX_ITEMS = 990
"""The layout allows nItem 1..990."""

POSITIVE = decimal_between("0.0001", "999999999999")
NON_NEGATIVE = decimal_between("0", "999999999999")


class CodeOr(ma.fields.Field[Any]):
    """A register code (string) or an inline object loaded by `schema`.

    A code comes out as `{"codigo": ...}`, so operations see one shape.
    """

    def __init__(self, schema: type[ma.Schema], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.schema = schema

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if isinstance(value, str):
            if not value.strip():
                raise ma.ValidationError("Informe um código ou um objeto.")
            return {"codigo": value.strip()}
        if isinstance(value, dict):
            return self.schema().load(value)
        raise ma.ValidationError("Informe um código (texto) ou um objeto.")

    def openapi_property(self, converter: Any) -> dict[str, Any]:
        code = {"type": "string", "minLength": 1, "description": "Código do cadastro."}
        return {"oneOf": [code, converter.resolve_nested_schema(self.schema)]}


class AddressSchema(ma.Schema):
    logradouro = fiscal_text(2, 60, required=True)
    numero = fiscal_text(1, 60, required=True)
    complemento = fiscal_text(None, 60)
    bairro = fiscal_text(2, 60, required=True)
    cod_municipio = ma.fields.String(
        required=True, validate=Regexp(r"^[0-9]{7}$", error="Código IBGE de 7 dígitos.")
    )
    municipio = fiscal_text(2, 60, required=True)
    uf = Normalized(geo.normalize_uf, required=True)
    cep = Normalized(geo.normalize_cep)


class InlineCustomerSchema(ma.Schema):
    cpf_cnpj = Normalized(br.normalize_cpf_cnpj, required=True)
    nome = fiscal_text(2, 60, required=True)
    email = ma.fields.Email(validate=Length(max=60))
    ie = ma.fields.String(validate=Length(max=14))
    endereco = ma.fields.Nested(AddressSchema)


MONEY = decimal_between("0", "9999999999999.99")
"""A document or item amount (vFrete, vSeg, vOutro: TDec_1302)."""

BRAZIL = "1058"
"""cPais of Brazil (BACEN table): a supplier abroad has another."""


class ForeignAddressSchema(ma.Schema):
    """The address of a party abroad: the NF-e writes UF EX, cMun 9999999 and xMun EXTERIOR
    (MOC), with the country's BACEN code and name. `role` names the party in the messages
    (`cliente` of an export, `fornecedor` of an import): `foreign_party_schema` sets it."""

    role = "fornecedor"

    logradouro = fiscal_text(2, 60, required=True)
    numero = fiscal_text(1, 60, required=True)
    complemento = fiscal_text(None, 60)
    bairro = fiscal_text(2, 60, metadata={"description": "xBairro; ausente, EXTERIOR."})
    pais = ma.fields.String(
        required=True,
        validate=Regexp(r"^[0-9]{4}$", error="Código BACEN do país: 4 dígitos (ex.: 0230)."),
        metadata={"description": "cPais: código do país na tabela do BACEN."},
    )
    nome_pais = fiscal_text(2, 60, required=True, metadata={"description": "xPais."})

    @ma.validates("pais")
    def _abroad(self, value: str, **kwargs: Any) -> None:
        if value == BRAZIL:
            raise ma.ValidationError(
                f"1058 é o Brasil: um {self.role} no Brasil tem `cpf_cnpj` e o endereço com "
                "`cod_municipio` e `uf`."
            )


class ForeignPartySchema(ma.Schema):
    """A party abroad, the supplier of an import or the buyer of an export: no CPF/CNPJ;
    `id_estrangeiro` when it has one."""

    nome = fiscal_text(2, 60, required=True)
    id_estrangeiro = ma.fields.String(
        validate=Regexp(
            r"^[!-ÿ]{5,20}$",
            error="Identificação no exterior: de 5 a 20 caracteres, sem espaços.",
        ),
        metadata={"description": "idEstrangeiro (passaporte, registro no país); opcional."},
    )
    email = ma.fields.Email(validate=Length(max=60))
    endereco = ma.fields.Nested(ForeignAddressSchema, required=True)


@functools.cache
def foreign_party_schema(role: str) -> type[ForeignPartySchema]:
    """`ForeignPartySchema` whose address messages name `role` (one class per role)."""
    address = type(f"ForeignAddressSchema_{role}", (ForeignAddressSchema,), {"role": role})
    fields = {"endereco": ma.fields.Nested(address, required=True)}
    return type(f"ForeignPartySchema_{role}", (ForeignPartySchema,), fields)


class PartyOrForeign(ma.fields.Field[Any]):
    """`fornecedor` or `cliente` (`role`): a register code, an inline party with `cpf_cnpj`,
    or a party abroad (no `cpf_cnpj`, `endereco.pais` other than 1058): `ForeignPartySchema`."""

    def __init__(self, role: str = "fornecedor", **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.role = role

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if isinstance(value, dict) and "cpf_cnpj" not in value:
            address = value.get("endereco")
            if isinstance(address, dict) and "pais" in address:
                return {**foreign_party_schema(self.role)().load(value), "estrangeiro": True}
            raise ma.ValidationError(
                {"cpf_cnpj": [f"Informe o CPF/CNPJ ou, para um {self.role} no exterior, "
                              "`endereco.pais` (código BACEN) e `endereco.nome_pais`."]}
            )  # fmt: skip
        return CodeOr(InlineCustomerSchema).deserialize(value, attr, data, **kwargs)

    def openapi_property(self, converter: Any) -> dict[str, Any]:
        code = {"type": "string", "minLength": 1, "description": "Código do cadastro."}
        return {"oneOf": [code, converter.resolve_nested_schema(InlineCustomerSchema),
                          converter.resolve_nested_schema(ForeignPartySchema)]}  # fmt: skip


class AdditionSchema(ma.Schema):
    """DI/adi: the addition of the import declaration that holds the item."""

    numero = ma.fields.String(
        validate=Regexp(r"^[1-9][0-9]{0,2}$", error="Número da adição: de 1 a 999."),
        metadata={"description": "nAdicao."},
    )
    sequencia = ma.fields.String(
        required=True,
        validate=Regexp(r"^[1-9][0-9]{0,4}$", error="Sequência do item na adição: 1 a 99999."),
        metadata={"description": "nSeqAdic."},
    )
    codigo_fabricante = fiscal_text(1, 60, required=True, metadata={"description": "cFabricante."})
    desconto = ma.fields.Decimal(validate=MONEY, metadata={"description": "vDescDI."})
    drawback = fiscal_text(1, 20, metadata={"description": "nDraw: ato concessório."})


TRANSPORT_MODES = list(range(1, 14))
"""tpViaTransp: 1 marítima, 2 fluvial, 3 lacustre, 4 aérea, 5 postal, 6 ferroviária, 7
rodoviária, 8 conduto, 9 meios próprios, 10 ficta, 11 courier, 12 em mãos, 13 por reboque."""
MARITIME = 1
OWN_ACCOUNT = 1


class ImportDeclarationSchema(ma.Schema):
    """prod/DI: the import declaration (DI, DSI, DIRE, DUImp) the item was cleared by."""

    numero = fiscal_text(1, 15, required=True, metadata={"description": "nDI."})
    data_registro = ma.fields.Date(required=True, metadata={"description": "dDI."})
    local_desembaraco = fiscal_text(1, 60, required=True, metadata={"description": "xLocDesemb."})
    uf_desembaraco = Normalized(geo.normalize_uf, required=True)
    data_desembaraco = ma.fields.Date(required=True, metadata={"description": "dDesemb."})
    via_transporte = ma.fields.Integer(
        required=True, validate=OneOf(TRANSPORT_MODES),
        metadata={"description": "tpViaTransp: 1 marítima … 4 aérea … 7 rodoviária … 13."},
    )  # fmt: skip
    valor_afrmm = ma.fields.Decimal(
        validate=MONEY,
        metadata={"description": "vAFRMM: obrigatório na via marítima; entra na base do ICMS."},
    )
    intermediacao = ma.fields.Integer(
        required=True, validate=OneOf([1, 2, 3]),
        metadata={"description": "tpIntermedio: 1 conta própria, 2 conta e ordem, 3 encomenda."},
    )  # fmt: skip
    cpf_cnpj_adquirente = Normalized(
        br.normalize_cpf_cnpj,
        metadata={"description": "CNPJ/CPF do adquirente ou encomendante (intermediação 2, 3)."},
    )
    uf_adquirente = Normalized(geo.normalize_uf, metadata={"description": "UFTerceiro."})
    codigo_exportador = fiscal_text(1, 60, required=True, metadata={"description": "cExportador."})
    adicoes = ma.fields.List(
        ma.fields.Nested(AdditionSchema), required=True, validate=Length(min=1, max=999)
    )

    @ma.validates_schema
    def _layout_rules(self, data: dict[str, Any], **kwargs: Any) -> None:
        if data.get("via_transporte") == MARITIME and "valor_afrmm" not in data:
            raise ma.ValidationError(
                "Na via marítima (via_transporte 1) informe o AFRMM pago (0 se isento).",
                "valor_afrmm",
            )
        third = data.get("intermediacao", OWN_ACCOUNT) != OWN_ACCOUNT
        for name in ("cpf_cnpj_adquirente", "uf_adquirente"):
            if third and name not in data:
                raise ma.ValidationError(
                    "Importação por conta e ordem ou por encomenda (intermediacao 2 ou 3): "
                    "informe o adquirente ou encomendante.",
                    name,
                )


class ImportationSchema(ma.Schema):
    """An imported item: its import declaration and the values of its customs clearance,
    as Siscomex computed them (the II group: never computed by the service)."""

    di = ma.fields.Nested(ImportDeclarationSchema, required=True)
    valor_aduaneiro = ma.fields.Decimal(
        required=True, validate=decimal_between("0.01", "9999999999999.99"),
        metadata={"description": "vBC do II: o valor aduaneiro do item, em reais."},
    )  # fmt: skip
    valor_ii = ma.fields.Decimal(
        required=True, validate=MONEY, metadata={"description": "vII: o II pago no desembaraço."}
    )
    valor_iof = ma.fields.Decimal(validate=MONEY, metadata={"description": "vIOF."})
    despesas_aduaneiras = ma.fields.Decimal(
        validate=MONEY,
        metadata={"description": "vDespAdu: taxa Siscomex e demais despesas aduaneiras (sem "
                  "o AFRMM, que vai em `di.valor_afrmm`); entram na base do ICMS."},
    )  # fmt: skip


class PurchaseOrderSchema(ma.Schema):
    """xPed / nItemPed: the buyer's purchase order and its line."""

    numero = fiscal_text(1, 15, required=True)
    item = ma.fields.String(
        validate=Regexp(r"^[0-9]{1,6}$", error="Número do item do pedido: de 1 a 6 dígitos.")
    )


class IcmsComplementSchema(ma.Schema):
    """A complement of ICMS (finalidade 2): the ICMS the complemented note under-stated, own
    (`base`) or by substitution (`base_st`), one or the other."""

    base = ma.fields.Decimal(
        validate=decimal_between("0.01", "9999999999999.99"),
        metadata={"description": "vBC do complemento (a base sobre a qual falta o ICMS)."},
    )  # fmt: skip
    aliquota = ma.fields.Decimal(
        validate=decimal_between("0.01", "100"),
        metadata={"description": "pICMS da diferença; ausente, a alíquota da regra."},
    )
    base_st = ma.fields.Decimal(
        validate=decimal_between("0.01", "9999999999999.99"),
        metadata={"description": "vBCST do complemento de ICMS-ST (a base sobre a qual falta "
                  "o ICMS-ST, MVA e redução já aplicadas)."},
    )  # fmt: skip
    aliquota_st = ma.fields.Decimal(
        validate=decimal_between("0.01", "100"),
        metadata={"description": "pICMSST da diferença; ausente, a alíquota ST da regra ou a "
                  "interna do destino."},
    )  # fmt: skip

    @ma.validates_schema
    def _own_or_st(self, data: dict[str, Any], **kwargs: Any) -> None:
        """One complement per item: of the own ICMS or of the ST (a complement of both would
        need the own difference deducted from the ST's: two notes)."""
        if ("base" in data) == ("base_st" in data):
            raise ma.ValidationError(
                "Informe `base` (complemento do ICMS próprio) ou `base_st` (complemento do "
                "ICMS-ST), um dos dois.", "base",
            )  # fmt: skip
        for rate, base in (("aliquota", "base"), ("aliquota_st", "base_st")):
            if rate in data and base not in data:
                raise ma.ValidationError(f"`{rate}` só acompanha `{base}`.", rate)


class ExportSchema(ma.Schema):
    """exporta: where the goods of an export leave the country (required on an export)."""

    uf_embarque = Normalized(
        geo.normalize_uf, required=True,
        metadata={"description": "UFSaidaPais: UF do porto, aeroporto ou fronteira de saída."},
    )  # fmt: skip
    local_embarque = fiscal_text(
        1, 60, required=True,
        metadata={"description": "xLocExporta: local de embarque ou de transposição da "
                  "fronteira (ex.: PORTO DE SANTOS)."},
    )  # fmt: skip
    local_despacho = fiscal_text(
        1, 60, metadata={"description": "xLocDespacho: recinto do despacho aduaneiro."}
    )


INDIRECT_EXPORT = ("registro_exportacao", "chave_nfe", "quantidade_exportada")
"""exportInd: the layout has the three together or none."""


class ItemExportSchema(ma.Schema):
    """detExport of an exported item: its drawback act and, on an indirect export (goods
    received with the specific end of export), the export registration, the key of the NF-e
    they came in with and the quantity exported."""

    drawback = fiscal_text(1, 20, metadata={"description": "nDraw: ato concessório de drawback."})
    registro_exportacao = ma.fields.String(
        validate=Regexp(r"^[0-9]{1,12}$", error="Registro de exportação: até 12 dígitos."),
        metadata={"description": "exportInd/nRE."},
    )
    chave_nfe = ma.fields.String(
        metadata={"description": "exportInd/chNFe: a NF-e (modelo 55) recebida com fim "
                  "específico de exportação."},
    )  # fmt: skip
    quantidade_exportada = ma.fields.Decimal(
        validate=POSITIVE, metadata={"description": "exportInd/qExport, na unidade comercial."}
    )

    @ma.validates("chave_nfe")
    def _nfe_key(self, value: str, **kwargs: Any) -> None:
        try:
            key = AccessKey.parse(value)
        except AccessKeyError:
            raise ma.ValidationError(
                "Chave de acesso inválida: informe os 44 dígitos, com o dígito verificador."
            ) from None
        if key.modelo != 55:
            raise ma.ValidationError("A chave deve ser de uma NF-e (modelo 55).")

    @ma.validates_schema
    def _whole_groups(self, data: dict[str, Any], **kwargs: Any) -> None:
        given = [name for name in INDIRECT_EXPORT if name in data]
        if given and len(given) < len(INDIRECT_EXPORT):
            missing = next(name for name in INDIRECT_EXPORT if name not in data)
            raise ma.ValidationError(
                "Exportação indireta: informe registro_exportacao, chave_nfe e "
                "quantidade_exportada juntos.",
                missing,
            )
        if not given and "drawback" not in data:
            raise ma.ValidationError(
                "Informe `drawback` ou a exportação indireta (registro_exportacao, chave_nfe, "
                "quantidade_exportada), ou retire `exportacao` do item.",
                "_schema",
            )


class ItemRequestSchema(ma.Schema):
    codigo = ma.fields.String(required=True, validate=Length(min=1, max=60))
    quantidade = ma.fields.Decimal(
        required=True, validate=NON_NEGATIVE,
        metadata={"description": "Maior que zero; 0 só num complemento de ICMS."},
    )  # fmt: skip
    valor = ma.fields.Decimal(validate=NON_NEGATIVE)
    desconto = ma.fields.Decimal(validate=NON_NEGATIVE)
    frete = ma.fields.Decimal(validate=MONEY, metadata={"description": "vFrete do item."})
    seguro = ma.fields.Decimal(validate=MONEY, metadata={"description": "vSeg do item."})
    outras_despesas = ma.fields.Decimal(validate=MONEY, metadata={"description": "vOutro do item."})
    pedido_compra = ma.fields.Nested(PurchaseOrderSchema)
    informacoes_adicionais = fiscal_text(1, 500, metadata={"description": "infAdProd."})
    complemento_icms = ma.fields.Nested(
        IcmsComplementSchema,
        metadata={"description": "Complemento de ICMS ou de ICMS-ST (finalidade 2): "
                  "quantidade 0, só imposto."},
    )  # fmt: skip
    importacao = ma.fields.Nested(
        ImportationSchema,
        metadata={"description": "Item importado (NF-e de entrada de fornecedor no exterior): "
                  "DI e valores do desembaraço (II, IOF, despesas aduaneiras)."},
    )  # fmt: skip
    exportacao = ma.fields.Nested(
        ItemExportSchema,
        metadata={"description": "Item exportado (NF-e de exportação): drawback ou exportação "
                  "indireta (detExport)."},
    )  # fmt: skip
    st_retido = ma.fields.Nested(
        RetainedStSchema,
        metadata={"description": "ICMS-ST retido anteriormente (CST 60 / CSOSN 500), valores "
                  "da linha; ausente, o do cadastro do produto (por unidade) × quantidade."},
    )  # fmt: skip

    @ma.validates_schema
    def _quantity_or_complement(self, data: dict[str, Any], **kwargs: Any) -> None:
        if "complemento_icms" in data and data.get("quantidade") != 0:
            raise ma.ValidationError(
                "Um complemento de ICMS não tem quantidade: informe 0.", "quantidade"
            )
        if "complemento_icms" not in data and data.get("quantidade") == 0:
            raise ma.ValidationError(
                "Deve ser maior que zero (0 só num complemento de ICMS, com `complemento_icms`).",
                "quantidade",
            )


class CardSchema(ma.Schema):
    """detPag/card: how a card payment was captured."""

    tipo_integracao = ma.fields.Integer(
        required=True,
        validate=OneOf([1, 2]),
        metadata={"description": "1 integrado à automação (TEF/POS integrado), 2 não."},
    )
    cnpj_credenciadora = Normalized(br.normalize_cnpj)
    bandeira = ma.fields.String(
        validate=Regexp(r"^[0-9]{2}$", error="Bandeira: código tBand de 2 dígitos (01 Visa…).")
    )
    autorizacao = fiscal_text(1, 128, metadata={"description": "cAut: número da autorização."})


class PaymentSchema(ma.Schema):
    forma = ma.fields.String(
        required=True, metadata={"description": "Nome (pix, dinheiro…) ou código tPag."}
    )
    valor = ma.fields.Decimal(required=True, validate=NON_NEGATIVE)
    cartao = ma.fields.Nested(CardSchema)


class Payments(ma.fields.Field[Any]):
    """A payment-form string (the whole value) or a list of `{forma, valor}`."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if isinstance(value, str) and value.strip():
            return [{"forma": value.strip(), "valor": None}]
        if isinstance(value, list) and value:
            return PaymentSchema(many=True).load(value)
        raise ma.ValidationError("Informe a forma de pagamento ou uma lista {forma, valor}.")

    def openapi_property(self, converter: Any) -> dict[str, Any]:
        names = {"type": "string", "enum": list(PAYMENT_FORMS)}
        codes = {"type": "string", "pattern": "^[0-9]{2}$",
                 "description": "Código tPag do leiaute."}  # fmt: skip
        form = {"type": "string", "anyOf": [names, codes], "description": "Forma do total."}
        listed = {"type": "array", "minItems": 1, "items": converter.resolve_nested_schema(
            PaymentSchema)}  # fmt: skip
        return {"oneOf": [form, listed]}


class IntermediarySchema(ma.Schema):
    cnpj = Normalized(br.normalize_cnpj, required=True)
    id = fiscal_text(2, 60, required=True)


class CarrierAddressSchema(ma.Schema):
    """The carrier's address as the layout has it: one line (xEnder), city and UF."""

    logradouro = fiscal_text(1, 60, required=True)
    numero = fiscal_text(1, 60)
    bairro = fiscal_text(1, 60)
    municipio = fiscal_text(1, 60)
    uf = Normalized(geo.normalize_uf)


class CarrierSchema(ma.Schema):
    """transporta."""

    cpf_cnpj = Normalized(br.normalize_cpf_cnpj)
    nome = fiscal_text(2, 60)
    ie = ma.fields.String(
        validate=Regexp(r"^(ISENTO|[0-9]{2,14})$", error="IE: de 2 a 14 dígitos, ou ISENTO.")
    )
    endereco = ma.fields.Nested(CarrierAddressSchema)


PLATE = Regexp(
    r"^([A-Z]{2,3}[0-9]{4}|[A-Z]{3,4}[0-9]{3}|[A-Z0-9]{7})$",
    error="Placa: letras maiúsculas e números, sem traço (AAA0A00 ou AAA0000).",
)


class TransportVehicleSchema(ma.Schema):
    """veicTransp / reboque."""

    placa = ma.fields.String(required=True, validate=PLATE)
    uf = Normalized(geo.normalize_uf)
    rntc = fiscal_text(1, 20)


class VolumeSchema(ma.Schema):
    """vol."""

    quantidade = ma.fields.Integer(validate=Range(min=0, max=999_999_999_999_999))
    especie = fiscal_text(1, 60)
    marca = fiscal_text(1, 60)
    numeracao = fiscal_text(1, 60)
    peso_liquido = ma.fields.Decimal(validate=decimal_between("0", "999999999999.999"))
    peso_bruto = ma.fields.Decimal(validate=decimal_between("0", "999999999999.999"))


class FreightSchema(ma.Schema):
    modalidade = ma.fields.Integer(required=True, validate=OneOf([0, 1, 2, 3, 4, 9]))
    valor = ma.fields.Decimal(
        validate=MONEY,
        metadata={"description": "Frete do documento, rateado entre os itens pelo valor."},
    )
    transportadora = ma.fields.Nested(CarrierSchema)
    veiculo = ma.fields.Nested(TransportVehicleSchema)
    reboques = ma.fields.List(ma.fields.Nested(TransportVehicleSchema), validate=Length(max=5))
    volumes = ma.fields.List(ma.fields.Nested(VolumeSchema), validate=Length(max=5000))


ECF_MODELS = ("2B", "2C", "2D")


class EcfSchema(ma.Schema):
    modelo = ma.fields.String(required=True, validate=OneOf(ECF_MODELS))
    n_ecf = ma.fields.String(
        required=True, validate=Regexp(r"^[0-9]{1,3}$", error="Número do ECF: 1 a 3 dígitos.")
    )
    n_coo = ma.fields.String(
        required=True, validate=Regexp(r"^[0-9]{1,6}$", error="Número do COO: 1 a 6 dígitos.")
    )


class AccessKeyField(ma.fields.String):
    """A 44-digit access key (NF-e, NFC-e, CT-e) whose check digit matches."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> str:
        text = "".join(ch for ch in super()._deserialize(value, attr, data, **kwargs) if ch != " ")
        if not text.isdigit() or len(text) != 44:
            raise ma.ValidationError("Chave de acesso: informe os 44 dígitos.")
        try:
            AccessKey.parse(text)
        except AccessKeyError:
            raise ma.ValidationError(
                "Chave de acesso inválida: o dígito verificador não confere."
            ) from None
        return text


_YYMM = Regexp(r"^[0-9]{2}(0[1-9]|1[0-2])$", error="AAMM: ano e mês da emissão (ex.: 2405).")
_SERIES = ma.fields.Integer(required=True, validate=Range(min=0, max=999))
_NUMBER = ma.fields.Integer(required=True, validate=Range(min=1, max=999_999_999))


class ReferenceSchema(ma.Schema):
    """One referenced document (NFref), in one of four forms:

    `{chave}` (refNFe / refCTe), `{modelo: "01"|"02", uf, aamm, cnpj, serie, numero}` (refNF),
    `{modelo: "01"|"04", uf, aamm, cpf_cnpj, ie, serie, numero}` (refNFP, producer's note) or
    `{ecf: {modelo, n_ecf, n_coo}}` (refECF).
    """

    chave = AccessKeyField()
    modelo = ma.fields.String(validate=OneOf(["01", "02", "04"]))
    uf = Normalized(geo.normalize_uf)
    aamm = ma.fields.String(validate=_YYMM)
    cnpj = Normalized(br.normalize_cnpj)
    cpf_cnpj = Normalized(br.normalize_cpf_cnpj)
    ie = ma.fields.String(
        validate=Regexp(r"^(ISENTO|[0-9]{2,14})$", error="IE: de 2 a 14 dígitos, ou ISENTO.")
    )
    serie = ma.fields.Integer(validate=Range(min=0, max=999))
    numero = ma.fields.Integer(validate=Range(min=1, max=999_999_999))
    ecf = ma.fields.Nested(EcfSchema)

    @ma.validates_schema
    def _one_form(self, data: dict[str, Any], **kwargs: Any) -> None:
        forms = [name for name in ("chave", "ecf", "modelo") if name in data]
        if len(forms) != 1:
            raise ma.ValidationError(
                "Informe uma forma de referência: `chave`, `ecf` ou `modelo` (nota em papel).",
                "_schema",
            )
        if forms[0] != "modelo":
            return
        producer = data["modelo"] == "04" or "ie" in data or "cpf_cnpj" in data
        needed = ("uf", "aamm", "serie", "numero") + (("cpf_cnpj", "ie") if producer else ("cnpj",))
        missing = {name: ["Campo obrigatório nesta forma de referência."]
                   for name in needed if name not in data}  # fmt: skip
        if missing:
            raise ma.ValidationError(missing)
        if producer and data["modelo"] == "02":
            raise ma.ValidationError("Nota de produtor: modelo 01 ou 04.", "modelo")


class ReturnedItemSchema(ma.Schema):
    item = ma.fields.Integer(
        required=True,
        validate=Range(min=1, max=MAX_ITEMS),
        metadata={"description": "Número do item (nItem) na NF-e original."},
    )
    quantidade = ma.fields.Decimal(required=True, validate=POSITIVE)


class ReturnOfSchema(ma.Schema):
    """`devolucao_de`: which authorized NF-e of the company, and what of it returns."""

    documento = ma.fields.String(
        required=True,
        validate=Length(min=1, max=40),
        metadata={"description": "`id` da NF-e autorizada da empresa."},
    )
    itens = ma.fields.List(
        ma.fields.Nested(ReturnedItemSchema), required=True, validate=Length(min=1, max=MAX_ITEMS)
    )


class IssueRequestSchema(CompanySelector):
    """POST /nfe and /nfce (NF-e requires `cliente`; checked by the operation)."""

    pedido = fiscal_text(1, 60, required=True)
    cliente = PartyOrForeign(
        "cliente",
        metadata={"description": "O destinatário: código, objeto com `cpf_cnpj`, ou, numa "
                  "exportação (NF-e), o comprador no exterior (sem `cpf_cnpj`, "
                  "`endereco.pais`)."},
    )  # fmt: skip
    fornecedor = PartyOrForeign(
        metadata={"description": "A outra parte de uma NF-e de entrada (tipo_operacao 0): "
                  "código, objeto com `cpf_cnpj`, ou fornecedor no exterior (sem `cpf_cnpj`, "
                  "`endereco.pais`)."},
    )  # fmt: skip
    itens = ma.fields.List(
        ma.fields.Nested(ItemRequestSchema),
        validate=Length(min=1, max=MAX_ITEMS),
        metadata={"description": "Obrigatório, exceto numa devolução (`devolucao_de`)."},
    )
    pagamento = Payments(required=True)
    troco = ma.fields.Decimal(validate=MONEY, metadata={"description": "vTroco."})
    natureza = ma.fields.String(validate=Length(max=60))
    finalidade = ma.fields.Integer(
        validate=OneOf([1, 2, 3, 4]),
        metadata={"description": "finNFe: 1 normal, 2 complementar, 3 ajuste, 4 devolução."},
    )
    tipo_operacao = ma.fields.Integer(
        validate=OneOf([0, 1]), metadata={"description": "tpNF: 0 entrada, 1 saída."}
    )
    referencias = ma.fields.List(ma.fields.Nested(ReferenceSchema), validate=Length(min=1, max=500))
    devolucao_de = ma.fields.Nested(ReturnOfSchema)
    exportacao = ma.fields.Nested(
        ExportSchema,
        metadata={"description": "Local de saída do País (exporta): obrigatório numa NF-e de "
                  "exportação, recusado nas demais."},
    )  # fmt: skip
    observacoes = fiscal_text(None, 5000)
    informacoes_complementares = fiscal_text(1, 5000, metadata={"description": "infCpl."})
    informacoes_fisco = fiscal_text(1, 2000, metadata={"description": "infAdFisco."})
    presenca = ma.fields.String(validate=OneOf(PRESENCA))
    intermediador = ma.fields.Nested(IntermediarySchema)
    consumidor_final = ma.fields.Boolean()
    frete = ma.fields.Nested(FreightSchema)
    seguro = ma.fields.Decimal(
        validate=MONEY, metadata={"description": "Seguro do documento, rateado pelo valor."}
    )
    outras_despesas = ma.fields.Decimal(
        validate=MONEY,
        metadata={"description": "Outras despesas do documento, rateadas pelo valor."},
    )

    @ma.validates_schema
    def _items_or_return(self, data: dict[str, Any], **kwargs: Any) -> None:
        if "devolucao_de" in data and "itens" in data:
            raise ma.ValidationError(
                "Numa devolução os itens vêm da NF-e original: informe "
                "`devolucao_de.itens` e não `itens`.",
                "itens",
            )
        if "devolucao_de" not in data and "itens" not in data:
            raise ma.ValidationError("Campo obrigatório.", "itens")


class DocumentSchema(ma.Schema):
    """The document as the issuance and GET answer it (`operations.render`); for the docs."""

    id = ma.fields.String(metadata={"example": "nfe_0123456789abcdef01234567"})
    status = ma.fields.String(metadata={"enum": [s.value for s in DocumentStatus]})
    pedido = ma.fields.String()
    modelo = ma.fields.String(metadata={"enum": [m.value for m in Modelo]})
    ambiente = ma.fields.String(metadata={"enum": ["HOMOLOGACAO", "PRODUCAO"]})
    numero = ma.fields.Integer(allow_none=True)
    serie = ma.fields.Integer(allow_none=True)
    chave = ma.fields.String(allow_none=True)
    protocolo = ma.fields.String(allow_none=True)
    valor_total = ma.fields.Decimal(as_string=True, allow_none=True)
    finalidade = ma.fields.Integer(
        metadata={"description": "finNFe: 1 normal, 2 complementar, 3 ajuste, 4 devolução."}
    )
    tipo_operacao = ma.fields.Integer(metadata={"description": "tpNF: 0 entrada, 1 saída."})
    sefaz_code = ma.fields.String(allow_none=True)
    sefaz_mensagem = ma.fields.String(allow_none=True)
    xml = ma.fields.String(allow_none=True, metadata={"description": "Link do XML autorizado."})
    danfe = ma.fields.String(allow_none=True, metadata={"description": "Link do PDF."})
    criado_em = ma.fields.String(allow_none=True, metadata={"format": "date-time"})
    autorizado_em = ma.fields.String(allow_none=True, metadata={"format": "date-time"})
    cancelado_em = ma.fields.String(allow_none=True, metadata={"format": "date-time"})
    contingencia = ma.fields.Nested(DocumentContingencySchema)
    eventos = ma.fields.List(ma.fields.Nested(EventSchema))


class RegisteredEventSchema(DocumentSchema):
    """The document after a cancellation or CC-e: `protocolo` is the event's."""

    protocolo_autorizacao = ma.fields.String(allow_none=True)
    evento = ma.fields.Nested(EventSchema)
    sequencia = ma.fields.Integer(metadata={"description": "CC-e: número da carta (1..20)."})


class VoidingSchema(ma.Schema):
    id = ma.fields.String()
    status = ma.fields.String()
    protocolo = ma.fields.String(allow_none=True)
    modelo = ma.fields.String()
    serie = ma.fields.Integer()
    numero_inicial = ma.fields.Integer()
    numero_final = ma.fields.Integer()
    ambiente = ma.fields.String()
    justificativa = ma.fields.String()
    sefaz_code = ma.fields.String(allow_none=True)
    sefaz_mensagem = ma.fields.String(allow_none=True)
    criado_em = ma.fields.String(allow_none=True)
    proximo_numero = ma.fields.Integer()
