from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.tax_rule_parcial_csosn_type_1 import TaxRuleParcialCsosnType1
from ..models.tax_rule_parcial_csosn_type_2_type_1 import TaxRuleParcialCsosnType2Type1
from ..models.tax_rule_parcial_csosn_type_3_type_1 import TaxRuleParcialCsosnType3Type1
from ..models.tax_rule_parcial_cst_icms_type_1 import TaxRuleParcialCstIcmsType1
from ..models.tax_rule_parcial_cst_icms_type_2_type_1 import TaxRuleParcialCstIcmsType2Type1
from ..models.tax_rule_parcial_cst_icms_type_3_type_1 import TaxRuleParcialCstIcmsType3Type1
from ..models.tax_rule_parcial_mod_bc_st_type_1 import TaxRuleParcialModBcStType1
from ..models.tax_rule_parcial_mod_bc_st_type_2_type_1 import TaxRuleParcialModBcStType2Type1
from ..models.tax_rule_parcial_mod_bc_st_type_3_type_1 import TaxRuleParcialModBcStType3Type1
from ..models.tax_rule_parcial_modelo_type_1 import TaxRuleParcialModeloType1
from ..models.tax_rule_parcial_modelo_type_2_type_1 import TaxRuleParcialModeloType2Type1
from ..models.tax_rule_parcial_modelo_type_3_type_1 import TaxRuleParcialModeloType3Type1
from ..models.tax_rule_parcial_operacao_type_1 import TaxRuleParcialOperacaoType1
from ..models.tax_rule_parcial_operacao_type_2_type_1 import TaxRuleParcialOperacaoType2Type1
from ..models.tax_rule_parcial_operacao_type_3_type_1 import TaxRuleParcialOperacaoType3Type1
from ..models.tax_rule_parcial_tipo_destinatario_type_1 import TaxRuleParcialTipoDestinatarioType1
from ..models.tax_rule_parcial_tipo_destinatario_type_2_type_1 import TaxRuleParcialTipoDestinatarioType2Type1
from ..models.tax_rule_parcial_tipo_destinatario_type_3_type_1 import TaxRuleParcialTipoDestinatarioType3Type1
from ..types import UNSET, Unset
from typing import cast
import datetime






T = TypeVar("T", bound="TaxRuleParcial")



@_attrs_define
class TaxRuleParcial:
    """ 
        Attributes:
            aliq_cofins (None | str | Unset):
            aliq_cred_sn (None | str | Unset):
            aliq_fcp (None | str | Unset):
            aliq_fcp_st (None | str | Unset):
            aliq_icms (None | str | Unset):
            aliq_icms_st (None | str | Unset):
            aliq_ipi (None | str | Unset):
            aliq_pis (None | str | Unset):
            ativo (bool | Unset):
            c_enq_ipi (None | str | Unset):
            categoria (None | str | Unset):
            cest (None | str | Unset):
            cfop (str | Unset):
            consumidor_final (bool | None | Unset):
            contribuinte (bool | None | Unset):
            crt (int | None | Unset):
            csosn (None | TaxRuleParcialCsosnType1 | TaxRuleParcialCsosnType2Type1 | TaxRuleParcialCsosnType3Type1 | Unset):
            cst_cofins (None | str | Unset):
            cst_icms (None | TaxRuleParcialCstIcmsType1 | TaxRuleParcialCstIcmsType2Type1 | TaxRuleParcialCstIcmsType3Type1
                | Unset):
            cst_ipi (None | str | Unset):
            cst_pis (None | str | Unset):
            descricao (None | str | Unset):
            empresa (str | Unset):
            empresa_id (str | Unset):
            inf_cpl (None | str | Unset):
            mod_bc_st (None | TaxRuleParcialModBcStType1 | TaxRuleParcialModBcStType2Type1 | TaxRuleParcialModBcStType3Type1
                | Unset):
            modelo (None | TaxRuleParcialModeloType1 | TaxRuleParcialModeloType2Type1 | TaxRuleParcialModeloType3Type1 |
                Unset):
            mva_st (None | str | Unset):
            natureza_id (None | str | Unset):
            ncm (None | str | Unset):
            operacao (None | TaxRuleParcialOperacaoType1 | TaxRuleParcialOperacaoType2Type1 |
                TaxRuleParcialOperacaoType3Type1 | Unset):
            origem (int | None | Unset):
            pis_cofins_sem_icms (bool | None | Unset):
            preco_bc_st (None | str | Unset):
            prioridade (int | Unset):
            produto_id (None | str | Unset):
            red_bc (None | str | Unset):
            red_bc_st (None | str | Unset):
            tipo_destinatario (None | TaxRuleParcialTipoDestinatarioType1 | TaxRuleParcialTipoDestinatarioType2Type1 |
                TaxRuleParcialTipoDestinatarioType3Type1 | Unset):
            uf_destino (None | str | Unset):
            uf_origem (None | str | Unset):
            vigencia_fim (datetime.date | None | Unset):
            vigencia_inicio (datetime.date | Unset):
     """

    aliq_cofins: None | str | Unset = UNSET
    aliq_cred_sn: None | str | Unset = UNSET
    aliq_fcp: None | str | Unset = UNSET
    aliq_fcp_st: None | str | Unset = UNSET
    aliq_icms: None | str | Unset = UNSET
    aliq_icms_st: None | str | Unset = UNSET
    aliq_ipi: None | str | Unset = UNSET
    aliq_pis: None | str | Unset = UNSET
    ativo: bool | Unset = UNSET
    c_enq_ipi: None | str | Unset = UNSET
    categoria: None | str | Unset = UNSET
    cest: None | str | Unset = UNSET
    cfop: str | Unset = UNSET
    consumidor_final: bool | None | Unset = UNSET
    contribuinte: bool | None | Unset = UNSET
    crt: int | None | Unset = UNSET
    csosn: None | TaxRuleParcialCsosnType1 | TaxRuleParcialCsosnType2Type1 | TaxRuleParcialCsosnType3Type1 | Unset = UNSET
    cst_cofins: None | str | Unset = UNSET
    cst_icms: None | TaxRuleParcialCstIcmsType1 | TaxRuleParcialCstIcmsType2Type1 | TaxRuleParcialCstIcmsType3Type1 | Unset = UNSET
    cst_ipi: None | str | Unset = UNSET
    cst_pis: None | str | Unset = UNSET
    descricao: None | str | Unset = UNSET
    empresa: str | Unset = UNSET
    empresa_id: str | Unset = UNSET
    inf_cpl: None | str | Unset = UNSET
    mod_bc_st: None | TaxRuleParcialModBcStType1 | TaxRuleParcialModBcStType2Type1 | TaxRuleParcialModBcStType3Type1 | Unset = UNSET
    modelo: None | TaxRuleParcialModeloType1 | TaxRuleParcialModeloType2Type1 | TaxRuleParcialModeloType3Type1 | Unset = UNSET
    mva_st: None | str | Unset = UNSET
    natureza_id: None | str | Unset = UNSET
    ncm: None | str | Unset = UNSET
    operacao: None | TaxRuleParcialOperacaoType1 | TaxRuleParcialOperacaoType2Type1 | TaxRuleParcialOperacaoType3Type1 | Unset = UNSET
    origem: int | None | Unset = UNSET
    pis_cofins_sem_icms: bool | None | Unset = UNSET
    preco_bc_st: None | str | Unset = UNSET
    prioridade: int | Unset = UNSET
    produto_id: None | str | Unset = UNSET
    red_bc: None | str | Unset = UNSET
    red_bc_st: None | str | Unset = UNSET
    tipo_destinatario: None | TaxRuleParcialTipoDestinatarioType1 | TaxRuleParcialTipoDestinatarioType2Type1 | TaxRuleParcialTipoDestinatarioType3Type1 | Unset = UNSET
    uf_destino: None | str | Unset = UNSET
    uf_origem: None | str | Unset = UNSET
    vigencia_fim: datetime.date | None | Unset = UNSET
    vigencia_inicio: datetime.date | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        aliq_cofins: None | str | Unset
        if isinstance(self.aliq_cofins, Unset):
            aliq_cofins = UNSET
        else:
            aliq_cofins = self.aliq_cofins

        aliq_cred_sn: None | str | Unset
        if isinstance(self.aliq_cred_sn, Unset):
            aliq_cred_sn = UNSET
        else:
            aliq_cred_sn = self.aliq_cred_sn

        aliq_fcp: None | str | Unset
        if isinstance(self.aliq_fcp, Unset):
            aliq_fcp = UNSET
        else:
            aliq_fcp = self.aliq_fcp

        aliq_fcp_st: None | str | Unset
        if isinstance(self.aliq_fcp_st, Unset):
            aliq_fcp_st = UNSET
        else:
            aliq_fcp_st = self.aliq_fcp_st

        aliq_icms: None | str | Unset
        if isinstance(self.aliq_icms, Unset):
            aliq_icms = UNSET
        else:
            aliq_icms = self.aliq_icms

        aliq_icms_st: None | str | Unset
        if isinstance(self.aliq_icms_st, Unset):
            aliq_icms_st = UNSET
        else:
            aliq_icms_st = self.aliq_icms_st

        aliq_ipi: None | str | Unset
        if isinstance(self.aliq_ipi, Unset):
            aliq_ipi = UNSET
        else:
            aliq_ipi = self.aliq_ipi

        aliq_pis: None | str | Unset
        if isinstance(self.aliq_pis, Unset):
            aliq_pis = UNSET
        else:
            aliq_pis = self.aliq_pis

        ativo = self.ativo

        c_enq_ipi: None | str | Unset
        if isinstance(self.c_enq_ipi, Unset):
            c_enq_ipi = UNSET
        else:
            c_enq_ipi = self.c_enq_ipi

        categoria: None | str | Unset
        if isinstance(self.categoria, Unset):
            categoria = UNSET
        else:
            categoria = self.categoria

        cest: None | str | Unset
        if isinstance(self.cest, Unset):
            cest = UNSET
        else:
            cest = self.cest

        cfop = self.cfop

        consumidor_final: bool | None | Unset
        if isinstance(self.consumidor_final, Unset):
            consumidor_final = UNSET
        else:
            consumidor_final = self.consumidor_final

        contribuinte: bool | None | Unset
        if isinstance(self.contribuinte, Unset):
            contribuinte = UNSET
        else:
            contribuinte = self.contribuinte

        crt: int | None | Unset
        if isinstance(self.crt, Unset):
            crt = UNSET
        else:
            crt = self.crt

        csosn: None | str | Unset
        if isinstance(self.csosn, Unset):
            csosn = UNSET
        elif isinstance(self.csosn, TaxRuleParcialCsosnType1):
            csosn = self.csosn.value
        elif isinstance(self.csosn, TaxRuleParcialCsosnType2Type1):
            csosn = self.csosn.value
        elif isinstance(self.csosn, TaxRuleParcialCsosnType3Type1):
            csosn = self.csosn.value
        else:
            csosn = self.csosn

        cst_cofins: None | str | Unset
        if isinstance(self.cst_cofins, Unset):
            cst_cofins = UNSET
        else:
            cst_cofins = self.cst_cofins

        cst_icms: None | str | Unset
        if isinstance(self.cst_icms, Unset):
            cst_icms = UNSET
        elif isinstance(self.cst_icms, TaxRuleParcialCstIcmsType1):
            cst_icms = self.cst_icms.value
        elif isinstance(self.cst_icms, TaxRuleParcialCstIcmsType2Type1):
            cst_icms = self.cst_icms.value
        elif isinstance(self.cst_icms, TaxRuleParcialCstIcmsType3Type1):
            cst_icms = self.cst_icms.value
        else:
            cst_icms = self.cst_icms

        cst_ipi: None | str | Unset
        if isinstance(self.cst_ipi, Unset):
            cst_ipi = UNSET
        else:
            cst_ipi = self.cst_ipi

        cst_pis: None | str | Unset
        if isinstance(self.cst_pis, Unset):
            cst_pis = UNSET
        else:
            cst_pis = self.cst_pis

        descricao: None | str | Unset
        if isinstance(self.descricao, Unset):
            descricao = UNSET
        else:
            descricao = self.descricao

        empresa = self.empresa

        empresa_id = self.empresa_id

        inf_cpl: None | str | Unset
        if isinstance(self.inf_cpl, Unset):
            inf_cpl = UNSET
        else:
            inf_cpl = self.inf_cpl

        mod_bc_st: None | str | Unset
        if isinstance(self.mod_bc_st, Unset):
            mod_bc_st = UNSET
        elif isinstance(self.mod_bc_st, TaxRuleParcialModBcStType1):
            mod_bc_st = self.mod_bc_st.value
        elif isinstance(self.mod_bc_st, TaxRuleParcialModBcStType2Type1):
            mod_bc_st = self.mod_bc_st.value
        elif isinstance(self.mod_bc_st, TaxRuleParcialModBcStType3Type1):
            mod_bc_st = self.mod_bc_st.value
        else:
            mod_bc_st = self.mod_bc_st

        modelo: int | None | Unset
        if isinstance(self.modelo, Unset):
            modelo = UNSET
        elif isinstance(self.modelo, TaxRuleParcialModeloType1):
            modelo = self.modelo.value
        elif isinstance(self.modelo, TaxRuleParcialModeloType2Type1):
            modelo = self.modelo.value
        elif isinstance(self.modelo, TaxRuleParcialModeloType3Type1):
            modelo = self.modelo.value
        else:
            modelo = self.modelo

        mva_st: None | str | Unset
        if isinstance(self.mva_st, Unset):
            mva_st = UNSET
        else:
            mva_st = self.mva_st

        natureza_id: None | str | Unset
        if isinstance(self.natureza_id, Unset):
            natureza_id = UNSET
        else:
            natureza_id = self.natureza_id

        ncm: None | str | Unset
        if isinstance(self.ncm, Unset):
            ncm = UNSET
        else:
            ncm = self.ncm

        operacao: None | str | Unset
        if isinstance(self.operacao, Unset):
            operacao = UNSET
        elif isinstance(self.operacao, TaxRuleParcialOperacaoType1):
            operacao = self.operacao.value
        elif isinstance(self.operacao, TaxRuleParcialOperacaoType2Type1):
            operacao = self.operacao.value
        elif isinstance(self.operacao, TaxRuleParcialOperacaoType3Type1):
            operacao = self.operacao.value
        else:
            operacao = self.operacao

        origem: int | None | Unset
        if isinstance(self.origem, Unset):
            origem = UNSET
        else:
            origem = self.origem

        pis_cofins_sem_icms: bool | None | Unset
        if isinstance(self.pis_cofins_sem_icms, Unset):
            pis_cofins_sem_icms = UNSET
        else:
            pis_cofins_sem_icms = self.pis_cofins_sem_icms

        preco_bc_st: None | str | Unset
        if isinstance(self.preco_bc_st, Unset):
            preco_bc_st = UNSET
        else:
            preco_bc_st = self.preco_bc_st

        prioridade = self.prioridade

        produto_id: None | str | Unset
        if isinstance(self.produto_id, Unset):
            produto_id = UNSET
        else:
            produto_id = self.produto_id

        red_bc: None | str | Unset
        if isinstance(self.red_bc, Unset):
            red_bc = UNSET
        else:
            red_bc = self.red_bc

        red_bc_st: None | str | Unset
        if isinstance(self.red_bc_st, Unset):
            red_bc_st = UNSET
        else:
            red_bc_st = self.red_bc_st

        tipo_destinatario: None | str | Unset
        if isinstance(self.tipo_destinatario, Unset):
            tipo_destinatario = UNSET
        elif isinstance(self.tipo_destinatario, TaxRuleParcialTipoDestinatarioType1):
            tipo_destinatario = self.tipo_destinatario.value
        elif isinstance(self.tipo_destinatario, TaxRuleParcialTipoDestinatarioType2Type1):
            tipo_destinatario = self.tipo_destinatario.value
        elif isinstance(self.tipo_destinatario, TaxRuleParcialTipoDestinatarioType3Type1):
            tipo_destinatario = self.tipo_destinatario.value
        else:
            tipo_destinatario = self.tipo_destinatario

        uf_destino: None | str | Unset
        if isinstance(self.uf_destino, Unset):
            uf_destino = UNSET
        else:
            uf_destino = self.uf_destino

        uf_origem: None | str | Unset
        if isinstance(self.uf_origem, Unset):
            uf_origem = UNSET
        else:
            uf_origem = self.uf_origem

        vigencia_fim: None | str | Unset
        if isinstance(self.vigencia_fim, Unset):
            vigencia_fim = UNSET
        elif isinstance(self.vigencia_fim, datetime.date):
            vigencia_fim = self.vigencia_fim.isoformat()
        else:
            vigencia_fim = self.vigencia_fim

        vigencia_inicio: str | Unset = UNSET
        if not isinstance(self.vigencia_inicio, Unset):
            vigencia_inicio = self.vigencia_inicio.isoformat()


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if aliq_cofins is not UNSET:
            field_dict["aliq_cofins"] = aliq_cofins
        if aliq_cred_sn is not UNSET:
            field_dict["aliq_cred_sn"] = aliq_cred_sn
        if aliq_fcp is not UNSET:
            field_dict["aliq_fcp"] = aliq_fcp
        if aliq_fcp_st is not UNSET:
            field_dict["aliq_fcp_st"] = aliq_fcp_st
        if aliq_icms is not UNSET:
            field_dict["aliq_icms"] = aliq_icms
        if aliq_icms_st is not UNSET:
            field_dict["aliq_icms_st"] = aliq_icms_st
        if aliq_ipi is not UNSET:
            field_dict["aliq_ipi"] = aliq_ipi
        if aliq_pis is not UNSET:
            field_dict["aliq_pis"] = aliq_pis
        if ativo is not UNSET:
            field_dict["ativo"] = ativo
        if c_enq_ipi is not UNSET:
            field_dict["c_enq_ipi"] = c_enq_ipi
        if categoria is not UNSET:
            field_dict["categoria"] = categoria
        if cest is not UNSET:
            field_dict["cest"] = cest
        if cfop is not UNSET:
            field_dict["cfop"] = cfop
        if consumidor_final is not UNSET:
            field_dict["consumidor_final"] = consumidor_final
        if contribuinte is not UNSET:
            field_dict["contribuinte"] = contribuinte
        if crt is not UNSET:
            field_dict["crt"] = crt
        if csosn is not UNSET:
            field_dict["csosn"] = csosn
        if cst_cofins is not UNSET:
            field_dict["cst_cofins"] = cst_cofins
        if cst_icms is not UNSET:
            field_dict["cst_icms"] = cst_icms
        if cst_ipi is not UNSET:
            field_dict["cst_ipi"] = cst_ipi
        if cst_pis is not UNSET:
            field_dict["cst_pis"] = cst_pis
        if descricao is not UNSET:
            field_dict["descricao"] = descricao
        if empresa is not UNSET:
            field_dict["empresa"] = empresa
        if empresa_id is not UNSET:
            field_dict["empresa_id"] = empresa_id
        if inf_cpl is not UNSET:
            field_dict["inf_cpl"] = inf_cpl
        if mod_bc_st is not UNSET:
            field_dict["mod_bc_st"] = mod_bc_st
        if modelo is not UNSET:
            field_dict["modelo"] = modelo
        if mva_st is not UNSET:
            field_dict["mva_st"] = mva_st
        if natureza_id is not UNSET:
            field_dict["natureza_id"] = natureza_id
        if ncm is not UNSET:
            field_dict["ncm"] = ncm
        if operacao is not UNSET:
            field_dict["operacao"] = operacao
        if origem is not UNSET:
            field_dict["origem"] = origem
        if pis_cofins_sem_icms is not UNSET:
            field_dict["pis_cofins_sem_icms"] = pis_cofins_sem_icms
        if preco_bc_st is not UNSET:
            field_dict["preco_bc_st"] = preco_bc_st
        if prioridade is not UNSET:
            field_dict["prioridade"] = prioridade
        if produto_id is not UNSET:
            field_dict["produto_id"] = produto_id
        if red_bc is not UNSET:
            field_dict["red_bc"] = red_bc
        if red_bc_st is not UNSET:
            field_dict["red_bc_st"] = red_bc_st
        if tipo_destinatario is not UNSET:
            field_dict["tipo_destinatario"] = tipo_destinatario
        if uf_destino is not UNSET:
            field_dict["uf_destino"] = uf_destino
        if uf_origem is not UNSET:
            field_dict["uf_origem"] = uf_origem
        if vigencia_fim is not UNSET:
            field_dict["vigencia_fim"] = vigencia_fim
        if vigencia_inicio is not UNSET:
            field_dict["vigencia_inicio"] = vigencia_inicio

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_aliq_cofins(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        aliq_cofins = _parse_aliq_cofins(d.pop("aliq_cofins", UNSET))


        def _parse_aliq_cred_sn(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        aliq_cred_sn = _parse_aliq_cred_sn(d.pop("aliq_cred_sn", UNSET))


        def _parse_aliq_fcp(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        aliq_fcp = _parse_aliq_fcp(d.pop("aliq_fcp", UNSET))


        def _parse_aliq_fcp_st(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        aliq_fcp_st = _parse_aliq_fcp_st(d.pop("aliq_fcp_st", UNSET))


        def _parse_aliq_icms(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        aliq_icms = _parse_aliq_icms(d.pop("aliq_icms", UNSET))


        def _parse_aliq_icms_st(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        aliq_icms_st = _parse_aliq_icms_st(d.pop("aliq_icms_st", UNSET))


        def _parse_aliq_ipi(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        aliq_ipi = _parse_aliq_ipi(d.pop("aliq_ipi", UNSET))


        def _parse_aliq_pis(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        aliq_pis = _parse_aliq_pis(d.pop("aliq_pis", UNSET))


        ativo = d.pop("ativo", UNSET)

        def _parse_c_enq_ipi(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        c_enq_ipi = _parse_c_enq_ipi(d.pop("c_enq_ipi", UNSET))


        def _parse_categoria(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        categoria = _parse_categoria(d.pop("categoria", UNSET))


        def _parse_cest(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        cest = _parse_cest(d.pop("cest", UNSET))


        cfop = d.pop("cfop", UNSET)

        def _parse_consumidor_final(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        consumidor_final = _parse_consumidor_final(d.pop("consumidor_final", UNSET))


        def _parse_contribuinte(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        contribuinte = _parse_contribuinte(d.pop("contribuinte", UNSET))


        def _parse_crt(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        crt = _parse_crt(d.pop("crt", UNSET))


        def _parse_csosn(data: object) -> None | TaxRuleParcialCsosnType1 | TaxRuleParcialCsosnType2Type1 | TaxRuleParcialCsosnType3Type1 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                csosn_type_1 = TaxRuleParcialCsosnType1(data)



                return csosn_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                csosn_type_2_type_1 = TaxRuleParcialCsosnType2Type1(data)



                return csosn_type_2_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                csosn_type_3_type_1 = TaxRuleParcialCsosnType3Type1(data)



                return csosn_type_3_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | TaxRuleParcialCsosnType1 | TaxRuleParcialCsosnType2Type1 | TaxRuleParcialCsosnType3Type1 | Unset, data)

        csosn = _parse_csosn(d.pop("csosn", UNSET))


        def _parse_cst_cofins(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        cst_cofins = _parse_cst_cofins(d.pop("cst_cofins", UNSET))


        def _parse_cst_icms(data: object) -> None | TaxRuleParcialCstIcmsType1 | TaxRuleParcialCstIcmsType2Type1 | TaxRuleParcialCstIcmsType3Type1 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                cst_icms_type_1 = TaxRuleParcialCstIcmsType1(data)



                return cst_icms_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                cst_icms_type_2_type_1 = TaxRuleParcialCstIcmsType2Type1(data)



                return cst_icms_type_2_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                cst_icms_type_3_type_1 = TaxRuleParcialCstIcmsType3Type1(data)



                return cst_icms_type_3_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | TaxRuleParcialCstIcmsType1 | TaxRuleParcialCstIcmsType2Type1 | TaxRuleParcialCstIcmsType3Type1 | Unset, data)

        cst_icms = _parse_cst_icms(d.pop("cst_icms", UNSET))


        def _parse_cst_ipi(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        cst_ipi = _parse_cst_ipi(d.pop("cst_ipi", UNSET))


        def _parse_cst_pis(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        cst_pis = _parse_cst_pis(d.pop("cst_pis", UNSET))


        def _parse_descricao(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        descricao = _parse_descricao(d.pop("descricao", UNSET))


        empresa = d.pop("empresa", UNSET)

        empresa_id = d.pop("empresa_id", UNSET)

        def _parse_inf_cpl(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        inf_cpl = _parse_inf_cpl(d.pop("inf_cpl", UNSET))


        def _parse_mod_bc_st(data: object) -> None | TaxRuleParcialModBcStType1 | TaxRuleParcialModBcStType2Type1 | TaxRuleParcialModBcStType3Type1 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                mod_bc_st_type_1 = TaxRuleParcialModBcStType1(data)



                return mod_bc_st_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                mod_bc_st_type_2_type_1 = TaxRuleParcialModBcStType2Type1(data)



                return mod_bc_st_type_2_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                mod_bc_st_type_3_type_1 = TaxRuleParcialModBcStType3Type1(data)



                return mod_bc_st_type_3_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | TaxRuleParcialModBcStType1 | TaxRuleParcialModBcStType2Type1 | TaxRuleParcialModBcStType3Type1 | Unset, data)

        mod_bc_st = _parse_mod_bc_st(d.pop("mod_bc_st", UNSET))


        def _parse_modelo(data: object) -> None | TaxRuleParcialModeloType1 | TaxRuleParcialModeloType2Type1 | TaxRuleParcialModeloType3Type1 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, int):
                    raise TypeError()
                modelo_type_1 = TaxRuleParcialModeloType1(data)



                return modelo_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, int):
                    raise TypeError()
                modelo_type_2_type_1 = TaxRuleParcialModeloType2Type1(data)



                return modelo_type_2_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, int):
                    raise TypeError()
                modelo_type_3_type_1 = TaxRuleParcialModeloType3Type1(data)



                return modelo_type_3_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | TaxRuleParcialModeloType1 | TaxRuleParcialModeloType2Type1 | TaxRuleParcialModeloType3Type1 | Unset, data)

        modelo = _parse_modelo(d.pop("modelo", UNSET))


        def _parse_mva_st(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        mva_st = _parse_mva_st(d.pop("mva_st", UNSET))


        def _parse_natureza_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        natureza_id = _parse_natureza_id(d.pop("natureza_id", UNSET))


        def _parse_ncm(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        ncm = _parse_ncm(d.pop("ncm", UNSET))


        def _parse_operacao(data: object) -> None | TaxRuleParcialOperacaoType1 | TaxRuleParcialOperacaoType2Type1 | TaxRuleParcialOperacaoType3Type1 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                operacao_type_1 = TaxRuleParcialOperacaoType1(data)



                return operacao_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                operacao_type_2_type_1 = TaxRuleParcialOperacaoType2Type1(data)



                return operacao_type_2_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                operacao_type_3_type_1 = TaxRuleParcialOperacaoType3Type1(data)



                return operacao_type_3_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | TaxRuleParcialOperacaoType1 | TaxRuleParcialOperacaoType2Type1 | TaxRuleParcialOperacaoType3Type1 | Unset, data)

        operacao = _parse_operacao(d.pop("operacao", UNSET))


        def _parse_origem(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        origem = _parse_origem(d.pop("origem", UNSET))


        def _parse_pis_cofins_sem_icms(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        pis_cofins_sem_icms = _parse_pis_cofins_sem_icms(d.pop("pis_cofins_sem_icms", UNSET))


        def _parse_preco_bc_st(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        preco_bc_st = _parse_preco_bc_st(d.pop("preco_bc_st", UNSET))


        prioridade = d.pop("prioridade", UNSET)

        def _parse_produto_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        produto_id = _parse_produto_id(d.pop("produto_id", UNSET))


        def _parse_red_bc(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        red_bc = _parse_red_bc(d.pop("red_bc", UNSET))


        def _parse_red_bc_st(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        red_bc_st = _parse_red_bc_st(d.pop("red_bc_st", UNSET))


        def _parse_tipo_destinatario(data: object) -> None | TaxRuleParcialTipoDestinatarioType1 | TaxRuleParcialTipoDestinatarioType2Type1 | TaxRuleParcialTipoDestinatarioType3Type1 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                tipo_destinatario_type_1 = TaxRuleParcialTipoDestinatarioType1(data)



                return tipo_destinatario_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                tipo_destinatario_type_2_type_1 = TaxRuleParcialTipoDestinatarioType2Type1(data)



                return tipo_destinatario_type_2_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                tipo_destinatario_type_3_type_1 = TaxRuleParcialTipoDestinatarioType3Type1(data)



                return tipo_destinatario_type_3_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | TaxRuleParcialTipoDestinatarioType1 | TaxRuleParcialTipoDestinatarioType2Type1 | TaxRuleParcialTipoDestinatarioType3Type1 | Unset, data)

        tipo_destinatario = _parse_tipo_destinatario(d.pop("tipo_destinatario", UNSET))


        def _parse_uf_destino(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        uf_destino = _parse_uf_destino(d.pop("uf_destino", UNSET))


        def _parse_uf_origem(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        uf_origem = _parse_uf_origem(d.pop("uf_origem", UNSET))


        def _parse_vigencia_fim(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                vigencia_fim_type_0 = datetime.date.fromisoformat(data)



                return vigencia_fim_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        vigencia_fim = _parse_vigencia_fim(d.pop("vigencia_fim", UNSET))


        _vigencia_inicio = d.pop("vigencia_inicio", UNSET)
        vigencia_inicio: datetime.date | Unset
        if isinstance(_vigencia_inicio,  Unset):
            vigencia_inicio = UNSET
        else:
            vigencia_inicio = datetime.date.fromisoformat(_vigencia_inicio)




        tax_rule_parcial = cls(
            aliq_cofins=aliq_cofins,
            aliq_cred_sn=aliq_cred_sn,
            aliq_fcp=aliq_fcp,
            aliq_fcp_st=aliq_fcp_st,
            aliq_icms=aliq_icms,
            aliq_icms_st=aliq_icms_st,
            aliq_ipi=aliq_ipi,
            aliq_pis=aliq_pis,
            ativo=ativo,
            c_enq_ipi=c_enq_ipi,
            categoria=categoria,
            cest=cest,
            cfop=cfop,
            consumidor_final=consumidor_final,
            contribuinte=contribuinte,
            crt=crt,
            csosn=csosn,
            cst_cofins=cst_cofins,
            cst_icms=cst_icms,
            cst_ipi=cst_ipi,
            cst_pis=cst_pis,
            descricao=descricao,
            empresa=empresa,
            empresa_id=empresa_id,
            inf_cpl=inf_cpl,
            mod_bc_st=mod_bc_st,
            modelo=modelo,
            mva_st=mva_st,
            natureza_id=natureza_id,
            ncm=ncm,
            operacao=operacao,
            origem=origem,
            pis_cofins_sem_icms=pis_cofins_sem_icms,
            preco_bc_st=preco_bc_st,
            prioridade=prioridade,
            produto_id=produto_id,
            red_bc=red_bc,
            red_bc_st=red_bc_st,
            tipo_destinatario=tipo_destinatario,
            uf_destino=uf_destino,
            uf_origem=uf_origem,
            vigencia_fim=vigencia_fim,
            vigencia_inicio=vigencia_inicio,
        )

        return tax_rule_parcial

