"""Request schemas of natures, tax rules and IVA rules (POST full, PUT partial)."""

from __future__ import annotations

from typing import Any

import marshmallow as ma

from service.brazil.geo import normalize_uf
from service.configuration.fields import CompanySelector, Normalized, digits, flag, rate
from service.validators import Length, OneOf, Range, Regexp, decimal_between, fiscal_text

CST_ICMS = ("00", "10", "20", "30", "40", "41", "50", "51", "60", "70", "90")
CSOSN = ("101", "102", "103", "201", "202", "203", "300", "400", "500", "900")
CFOP = Regexp(r"^[1235-7][0-9]{3}$", error="CFOP deve ter 4 dígitos válidos.")
OPERATIONS = ("interna", "interestadual", "exterior")


def _uf_or_ex(value: str) -> str:
    return "EX" if value.strip().upper() == "EX" else normalize_uf(value)


class NatureSchema(CompanySelector):
    codigo = ma.fields.String(required=True, validate=Length(min=1, max=60))
    descricao = fiscal_text(1, 60, required=True)
    tipo_operacao = ma.fields.Integer(validate=OneOf([0, 1]))
    finalidade = ma.fields.Integer(validate=Range(min=1, max=4))
    operacao_interna = ma.fields.Boolean()
    operacao_interestadual = ma.fields.Boolean()
    consumidor_final = flag()
    contribuinte = flag()
    cfop = ma.fields.String(allow_none=True, validate=CFOP)
    observacoes = fiscal_text(None, 2000, allow_none=True)
    padrao_nfe = ma.fields.Boolean()
    padrao_nfce = ma.fields.Boolean()
    ativo = ma.fields.Boolean()


class _RuleSchema(CompanySelector):
    descricao = ma.fields.String(allow_none=True, validate=Length(max=255))
    prioridade = ma.fields.Integer(validate=Range(min=0, max=1000))
    vigencia_inicio = ma.fields.Date()
    vigencia_fim = ma.fields.Date(allow_none=True)
    modelo = ma.fields.Integer(allow_none=True, validate=OneOf([55, 65]))
    natureza_id = ma.fields.String(allow_none=True)
    produto_id = ma.fields.String(allow_none=True)
    ncm = ma.fields.String(
        allow_none=True, validate=Regexp(r"^[0-9]{2,8}$", error="NCM: de 2 a 8 dígitos (prefixo).")
    )
    categoria = ma.fields.String(allow_none=True, validate=Length(max=60))
    uf_destino = Normalized(_uf_or_ex, allow_none=True)
    operacao = ma.fields.String(allow_none=True, validate=OneOf(OPERATIONS))
    tipo_destinatario = ma.fields.String(allow_none=True, validate=OneOf(["PF", "PJ"]))
    consumidor_final = flag()
    contribuinte = flag()
    inf_cpl = ma.fields.String(allow_none=True, validate=Length(max=500))
    ativo = ma.fields.Boolean()

    @ma.validates_schema
    def _validity(self, data: dict[str, Any], **_: Any) -> None:
        start, end = data.get("vigencia_inicio"), data.get("vigencia_fim")
        if start and end and end < start:
            raise ma.ValidationError("Fim da vigência antes do início.", "vigencia_fim")


class TaxRuleSchema(_RuleSchema):
    cfop = ma.fields.String(required=True, validate=CFOP)
    crt = ma.fields.Integer(allow_none=True, validate=Range(min=1, max=4))
    cest = digits(7, "CEST")
    origem = ma.fields.Integer(allow_none=True, validate=Range(min=0, max=8))
    uf_origem = Normalized(normalize_uf, allow_none=True)
    csosn = ma.fields.String(allow_none=True, validate=OneOf(CSOSN))
    cst_icms = ma.fields.String(allow_none=True, validate=OneOf(CST_ICMS))
    aliq_icms = rate()
    red_bc = rate()
    aliq_cred_sn = rate()
    # ICMS-ST, FCP and IPI (issue 36): read by the engine (`engine/README.md`)
    mod_bc_st = ma.fields.String(
        allow_none=True, validate=OneOf(["0", "1", "2", "3", "4", "5", "6"])
    )
    mva_st = ma.fields.Decimal(allow_none=True, as_string=True,
                               validate=decimal_between("0", "10000"))  # fmt: skip
    aliq_icms_st = rate()
    red_bc_st = rate()
    aliq_fcp = rate()
    aliq_fcp_st = rate()
    cst_ipi = digits(2, "CST IPI")
    aliq_ipi = rate()
    c_enq_ipi = digits(3, "cEnq IPI")
    pis_cofins_sem_icms = flag()
    preco_bc_st = ma.fields.Decimal(allow_none=True, as_string=True,
                                    validate=decimal_between("0", "999999999"))  # fmt: skip
    cst_pis = digits(2, "CST PIS")
    aliq_pis = rate()
    cst_cofins = digits(2, "CST COFINS")
    aliq_cofins = rate()

    @ma.validates_schema
    def _family(self, data: dict[str, Any], **_: Any) -> None:
        """CRT decides the family: CSOSN for Simples (1, 2, 4), CST for Regime Normal (3)."""
        if data.get("csosn") and data.get("cst_icms"):
            raise ma.ValidationError("Informe CSOSN ou CST ICMS, não ambos.", "csosn")
        crt = data.get("crt")
        if crt == 3 and data.get("csosn"):
            raise ma.ValidationError("CSOSN é só para o Simples Nacional (CRT 1, 2, 4).", "csosn")
        if crt in (1, 2, 4) and data.get("cst_icms"):
            raise ma.ValidationError("CST ICMS é só para o Regime Normal (CRT 3).", "cst_icms")


class IvaRuleSchema(_RuleSchema):
    cst = ma.fields.String(required=True, validate=Regexp(r"^[0-9]{3}$",
                           error="CST deve ter 3 dígitos."))  # fmt: skip
    cclasstrib = ma.fields.String(required=True, validate=Regexp(r"^[0-9]{6}$",
                                  error="cClassTrib deve ter 6 dígitos."))  # fmt: skip
    nbs = ma.fields.String(
        allow_none=True, validate=Regexp(r"^[0-9]{9}$", error="NBS deve ter 9 dígitos.")
    )
    cod_municipio_destino = digits(7, "cod_municipio_destino")
    classificacao = ma.fields.String(allow_none=True, validate=Length(max=60))
    regime = ma.fields.String(allow_none=True, validate=OneOf(
        ["regular", "regime_especifico", "tratamento_diferenciado"]))  # fmt: skip
    ibs_p_uf = rate()
    ibs_p_mun = rate()
    cbs_p = rate()
    red_aliq_ibs_uf = rate()
    red_aliq_ibs_mun = rate()
    red_aliq_cbs = rate()
    dif_p_ibs_uf = rate()
    dif_p_ibs_mun = rate()
    dif_p_cbs = rate()
    cred_presumido_p = rate()

    @ma.validates_schema
    def _class_matches_cst(self, data: dict[str, Any], **_: Any) -> None:
        cst, ctrib = data.get("cst"), data.get("cclasstrib")
        if cst and ctrib and not ctrib.startswith(cst):
            raise ma.ValidationError("Os 3 primeiros dígitos do cClassTrib devem ser o CST.",
                                     "cclasstrib")  # fmt: skip


TAX_CRITERIA = ("modelo", "crt", "natureza_id", "produto_id", "ncm", "cest", "categoria",
                "origem", "uf_origem", "uf_destino", "operacao", "tipo_destinatario",
                "consumidor_final", "contribuinte")  # fmt: skip
TAX_RESULT = ("cfop", "csosn", "cst_icms", "aliq_icms", "red_bc", "aliq_cred_sn", "cst_pis",
              "aliq_pis", "cst_cofins", "aliq_cofins", "inf_cpl", "mod_bc_st", "mva_st",
              "aliq_icms_st", "red_bc_st", "aliq_fcp", "aliq_fcp_st", "cst_ipi", "aliq_ipi",
              "c_enq_ipi", "preco_bc_st", "pis_cofins_sem_icms")  # fmt: skip
IVA_CRITERIA = ("modelo", "natureza_id", "produto_id", "ncm", "nbs", "categoria", "uf_destino",
                "cod_municipio_destino", "operacao", "consumidor_final", "contribuinte",
                "tipo_destinatario")  # fmt: skip
IVA_RESULT = ("cst", "cclasstrib", "classificacao", "regime", "ibs_p_uf", "ibs_p_mun", "cbs_p",
              "red_aliq_ibs_uf", "red_aliq_ibs_mun", "red_aliq_cbs", "dif_p_ibs_uf",
              "dif_p_ibs_mun", "dif_p_cbs", "cred_presumido_p", "inf_cpl")  # fmt: skip
