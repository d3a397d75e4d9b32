from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.iva_rule_modelo_type_1 import IvaRuleModeloType1
from ..models.iva_rule_modelo_type_2_type_1 import IvaRuleModeloType2Type1
from ..models.iva_rule_modelo_type_3_type_1 import IvaRuleModeloType3Type1
from ..models.iva_rule_operacao_type_1 import IvaRuleOperacaoType1
from ..models.iva_rule_operacao_type_2_type_1 import IvaRuleOperacaoType2Type1
from ..models.iva_rule_operacao_type_3_type_1 import IvaRuleOperacaoType3Type1
from ..models.iva_rule_regime_type_1 import IvaRuleRegimeType1
from ..models.iva_rule_regime_type_2_type_1 import IvaRuleRegimeType2Type1
from ..models.iva_rule_regime_type_3_type_1 import IvaRuleRegimeType3Type1
from ..models.iva_rule_tipo_destinatario_type_1 import IvaRuleTipoDestinatarioType1
from ..models.iva_rule_tipo_destinatario_type_2_type_1 import IvaRuleTipoDestinatarioType2Type1
from ..models.iva_rule_tipo_destinatario_type_3_type_1 import IvaRuleTipoDestinatarioType3Type1
from ..types import UNSET, Unset
from typing import cast
import datetime






T = TypeVar("T", bound="IvaRule")



@_attrs_define
class IvaRule:
    """ 
        Attributes:
            cclasstrib (str):
            cst (str):
            ativo (bool | Unset):
            categoria (None | str | Unset):
            cbs_p (None | str | Unset):
            classificacao (None | str | Unset):
            cod_municipio_destino (None | str | Unset):
            consumidor_final (bool | None | Unset):
            contribuinte (bool | None | Unset):
            cred_presumido_p (None | str | Unset):
            descricao (None | str | Unset):
            dif_p_cbs (None | str | Unset):
            dif_p_ibs_mun (None | str | Unset):
            dif_p_ibs_uf (None | str | Unset):
            empresa (str | Unset):
            empresa_id (str | Unset):
            ibs_p_mun (None | str | Unset):
            ibs_p_uf (None | str | Unset):
            inf_cpl (None | str | Unset):
            modelo (IvaRuleModeloType1 | IvaRuleModeloType2Type1 | IvaRuleModeloType3Type1 | None | Unset):
            natureza_id (None | str | Unset):
            nbs (None | str | Unset):
            ncm (None | str | Unset):
            operacao (IvaRuleOperacaoType1 | IvaRuleOperacaoType2Type1 | IvaRuleOperacaoType3Type1 | None | Unset):
            prioridade (int | Unset):
            produto_id (None | str | Unset):
            red_aliq_cbs (None | str | Unset):
            red_aliq_ibs_mun (None | str | Unset):
            red_aliq_ibs_uf (None | str | Unset):
            regime (IvaRuleRegimeType1 | IvaRuleRegimeType2Type1 | IvaRuleRegimeType3Type1 | None | Unset):
            tipo_destinatario (IvaRuleTipoDestinatarioType1 | IvaRuleTipoDestinatarioType2Type1 |
                IvaRuleTipoDestinatarioType3Type1 | None | Unset):
            uf_destino (None | str | Unset):
            vigencia_fim (datetime.date | None | Unset):
            vigencia_inicio (datetime.date | Unset):
     """

    cclasstrib: str
    cst: str
    ativo: bool | Unset = UNSET
    categoria: None | str | Unset = UNSET
    cbs_p: None | str | Unset = UNSET
    classificacao: None | str | Unset = UNSET
    cod_municipio_destino: None | str | Unset = UNSET
    consumidor_final: bool | None | Unset = UNSET
    contribuinte: bool | None | Unset = UNSET
    cred_presumido_p: None | str | Unset = UNSET
    descricao: None | str | Unset = UNSET
    dif_p_cbs: None | str | Unset = UNSET
    dif_p_ibs_mun: None | str | Unset = UNSET
    dif_p_ibs_uf: None | str | Unset = UNSET
    empresa: str | Unset = UNSET
    empresa_id: str | Unset = UNSET
    ibs_p_mun: None | str | Unset = UNSET
    ibs_p_uf: None | str | Unset = UNSET
    inf_cpl: None | str | Unset = UNSET
    modelo: IvaRuleModeloType1 | IvaRuleModeloType2Type1 | IvaRuleModeloType3Type1 | None | Unset = UNSET
    natureza_id: None | str | Unset = UNSET
    nbs: None | str | Unset = UNSET
    ncm: None | str | Unset = UNSET
    operacao: IvaRuleOperacaoType1 | IvaRuleOperacaoType2Type1 | IvaRuleOperacaoType3Type1 | None | Unset = UNSET
    prioridade: int | Unset = UNSET
    produto_id: None | str | Unset = UNSET
    red_aliq_cbs: None | str | Unset = UNSET
    red_aliq_ibs_mun: None | str | Unset = UNSET
    red_aliq_ibs_uf: None | str | Unset = UNSET
    regime: IvaRuleRegimeType1 | IvaRuleRegimeType2Type1 | IvaRuleRegimeType3Type1 | None | Unset = UNSET
    tipo_destinatario: IvaRuleTipoDestinatarioType1 | IvaRuleTipoDestinatarioType2Type1 | IvaRuleTipoDestinatarioType3Type1 | None | Unset = UNSET
    uf_destino: None | str | Unset = UNSET
    vigencia_fim: datetime.date | None | Unset = UNSET
    vigencia_inicio: datetime.date | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        cclasstrib = self.cclasstrib

        cst = self.cst

        ativo = self.ativo

        categoria: None | str | Unset
        if isinstance(self.categoria, Unset):
            categoria = UNSET
        else:
            categoria = self.categoria

        cbs_p: None | str | Unset
        if isinstance(self.cbs_p, Unset):
            cbs_p = UNSET
        else:
            cbs_p = self.cbs_p

        classificacao: None | str | Unset
        if isinstance(self.classificacao, Unset):
            classificacao = UNSET
        else:
            classificacao = self.classificacao

        cod_municipio_destino: None | str | Unset
        if isinstance(self.cod_municipio_destino, Unset):
            cod_municipio_destino = UNSET
        else:
            cod_municipio_destino = self.cod_municipio_destino

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

        cred_presumido_p: None | str | Unset
        if isinstance(self.cred_presumido_p, Unset):
            cred_presumido_p = UNSET
        else:
            cred_presumido_p = self.cred_presumido_p

        descricao: None | str | Unset
        if isinstance(self.descricao, Unset):
            descricao = UNSET
        else:
            descricao = self.descricao

        dif_p_cbs: None | str | Unset
        if isinstance(self.dif_p_cbs, Unset):
            dif_p_cbs = UNSET
        else:
            dif_p_cbs = self.dif_p_cbs

        dif_p_ibs_mun: None | str | Unset
        if isinstance(self.dif_p_ibs_mun, Unset):
            dif_p_ibs_mun = UNSET
        else:
            dif_p_ibs_mun = self.dif_p_ibs_mun

        dif_p_ibs_uf: None | str | Unset
        if isinstance(self.dif_p_ibs_uf, Unset):
            dif_p_ibs_uf = UNSET
        else:
            dif_p_ibs_uf = self.dif_p_ibs_uf

        empresa = self.empresa

        empresa_id = self.empresa_id

        ibs_p_mun: None | str | Unset
        if isinstance(self.ibs_p_mun, Unset):
            ibs_p_mun = UNSET
        else:
            ibs_p_mun = self.ibs_p_mun

        ibs_p_uf: None | str | Unset
        if isinstance(self.ibs_p_uf, Unset):
            ibs_p_uf = UNSET
        else:
            ibs_p_uf = self.ibs_p_uf

        inf_cpl: None | str | Unset
        if isinstance(self.inf_cpl, Unset):
            inf_cpl = UNSET
        else:
            inf_cpl = self.inf_cpl

        modelo: int | None | Unset
        if isinstance(self.modelo, Unset):
            modelo = UNSET
        elif isinstance(self.modelo, IvaRuleModeloType1):
            modelo = self.modelo.value
        elif isinstance(self.modelo, IvaRuleModeloType2Type1):
            modelo = self.modelo.value
        elif isinstance(self.modelo, IvaRuleModeloType3Type1):
            modelo = self.modelo.value
        else:
            modelo = self.modelo

        natureza_id: None | str | Unset
        if isinstance(self.natureza_id, Unset):
            natureza_id = UNSET
        else:
            natureza_id = self.natureza_id

        nbs: None | str | Unset
        if isinstance(self.nbs, Unset):
            nbs = UNSET
        else:
            nbs = self.nbs

        ncm: None | str | Unset
        if isinstance(self.ncm, Unset):
            ncm = UNSET
        else:
            ncm = self.ncm

        operacao: None | str | Unset
        if isinstance(self.operacao, Unset):
            operacao = UNSET
        elif isinstance(self.operacao, IvaRuleOperacaoType1):
            operacao = self.operacao.value
        elif isinstance(self.operacao, IvaRuleOperacaoType2Type1):
            operacao = self.operacao.value
        elif isinstance(self.operacao, IvaRuleOperacaoType3Type1):
            operacao = self.operacao.value
        else:
            operacao = self.operacao

        prioridade = self.prioridade

        produto_id: None | str | Unset
        if isinstance(self.produto_id, Unset):
            produto_id = UNSET
        else:
            produto_id = self.produto_id

        red_aliq_cbs: None | str | Unset
        if isinstance(self.red_aliq_cbs, Unset):
            red_aliq_cbs = UNSET
        else:
            red_aliq_cbs = self.red_aliq_cbs

        red_aliq_ibs_mun: None | str | Unset
        if isinstance(self.red_aliq_ibs_mun, Unset):
            red_aliq_ibs_mun = UNSET
        else:
            red_aliq_ibs_mun = self.red_aliq_ibs_mun

        red_aliq_ibs_uf: None | str | Unset
        if isinstance(self.red_aliq_ibs_uf, Unset):
            red_aliq_ibs_uf = UNSET
        else:
            red_aliq_ibs_uf = self.red_aliq_ibs_uf

        regime: None | str | Unset
        if isinstance(self.regime, Unset):
            regime = UNSET
        elif isinstance(self.regime, IvaRuleRegimeType1):
            regime = self.regime.value
        elif isinstance(self.regime, IvaRuleRegimeType2Type1):
            regime = self.regime.value
        elif isinstance(self.regime, IvaRuleRegimeType3Type1):
            regime = self.regime.value
        else:
            regime = self.regime

        tipo_destinatario: None | str | Unset
        if isinstance(self.tipo_destinatario, Unset):
            tipo_destinatario = UNSET
        elif isinstance(self.tipo_destinatario, IvaRuleTipoDestinatarioType1):
            tipo_destinatario = self.tipo_destinatario.value
        elif isinstance(self.tipo_destinatario, IvaRuleTipoDestinatarioType2Type1):
            tipo_destinatario = self.tipo_destinatario.value
        elif isinstance(self.tipo_destinatario, IvaRuleTipoDestinatarioType3Type1):
            tipo_destinatario = self.tipo_destinatario.value
        else:
            tipo_destinatario = self.tipo_destinatario

        uf_destino: None | str | Unset
        if isinstance(self.uf_destino, Unset):
            uf_destino = UNSET
        else:
            uf_destino = self.uf_destino

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
            "cclasstrib": cclasstrib,
            "cst": cst,
        })
        if ativo is not UNSET:
            field_dict["ativo"] = ativo
        if categoria is not UNSET:
            field_dict["categoria"] = categoria
        if cbs_p is not UNSET:
            field_dict["cbs_p"] = cbs_p
        if classificacao is not UNSET:
            field_dict["classificacao"] = classificacao
        if cod_municipio_destino is not UNSET:
            field_dict["cod_municipio_destino"] = cod_municipio_destino
        if consumidor_final is not UNSET:
            field_dict["consumidor_final"] = consumidor_final
        if contribuinte is not UNSET:
            field_dict["contribuinte"] = contribuinte
        if cred_presumido_p is not UNSET:
            field_dict["cred_presumido_p"] = cred_presumido_p
        if descricao is not UNSET:
            field_dict["descricao"] = descricao
        if dif_p_cbs is not UNSET:
            field_dict["dif_p_cbs"] = dif_p_cbs
        if dif_p_ibs_mun is not UNSET:
            field_dict["dif_p_ibs_mun"] = dif_p_ibs_mun
        if dif_p_ibs_uf is not UNSET:
            field_dict["dif_p_ibs_uf"] = dif_p_ibs_uf
        if empresa is not UNSET:
            field_dict["empresa"] = empresa
        if empresa_id is not UNSET:
            field_dict["empresa_id"] = empresa_id
        if ibs_p_mun is not UNSET:
            field_dict["ibs_p_mun"] = ibs_p_mun
        if ibs_p_uf is not UNSET:
            field_dict["ibs_p_uf"] = ibs_p_uf
        if inf_cpl is not UNSET:
            field_dict["inf_cpl"] = inf_cpl
        if modelo is not UNSET:
            field_dict["modelo"] = modelo
        if natureza_id is not UNSET:
            field_dict["natureza_id"] = natureza_id
        if nbs is not UNSET:
            field_dict["nbs"] = nbs
        if ncm is not UNSET:
            field_dict["ncm"] = ncm
        if operacao is not UNSET:
            field_dict["operacao"] = operacao
        if prioridade is not UNSET:
            field_dict["prioridade"] = prioridade
        if produto_id is not UNSET:
            field_dict["produto_id"] = produto_id
        if red_aliq_cbs is not UNSET:
            field_dict["red_aliq_cbs"] = red_aliq_cbs
        if red_aliq_ibs_mun is not UNSET:
            field_dict["red_aliq_ibs_mun"] = red_aliq_ibs_mun
        if red_aliq_ibs_uf is not UNSET:
            field_dict["red_aliq_ibs_uf"] = red_aliq_ibs_uf
        if regime is not UNSET:
            field_dict["regime"] = regime
        if tipo_destinatario is not UNSET:
            field_dict["tipo_destinatario"] = tipo_destinatario
        if uf_destino is not UNSET:
            field_dict["uf_destino"] = uf_destino
        if vigencia_fim is not UNSET:
            field_dict["vigencia_fim"] = vigencia_fim
        if vigencia_inicio is not UNSET:
            field_dict["vigencia_inicio"] = vigencia_inicio

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        cclasstrib = d.pop("cclasstrib")

        cst = d.pop("cst")

        ativo = d.pop("ativo", UNSET)

        def _parse_categoria(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        categoria = _parse_categoria(d.pop("categoria", UNSET))


        def _parse_cbs_p(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        cbs_p = _parse_cbs_p(d.pop("cbs_p", UNSET))


        def _parse_classificacao(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        classificacao = _parse_classificacao(d.pop("classificacao", UNSET))


        def _parse_cod_municipio_destino(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        cod_municipio_destino = _parse_cod_municipio_destino(d.pop("cod_municipio_destino", UNSET))


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


        def _parse_cred_presumido_p(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        cred_presumido_p = _parse_cred_presumido_p(d.pop("cred_presumido_p", UNSET))


        def _parse_descricao(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        descricao = _parse_descricao(d.pop("descricao", UNSET))


        def _parse_dif_p_cbs(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        dif_p_cbs = _parse_dif_p_cbs(d.pop("dif_p_cbs", UNSET))


        def _parse_dif_p_ibs_mun(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        dif_p_ibs_mun = _parse_dif_p_ibs_mun(d.pop("dif_p_ibs_mun", UNSET))


        def _parse_dif_p_ibs_uf(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        dif_p_ibs_uf = _parse_dif_p_ibs_uf(d.pop("dif_p_ibs_uf", UNSET))


        empresa = d.pop("empresa", UNSET)

        empresa_id = d.pop("empresa_id", UNSET)

        def _parse_ibs_p_mun(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        ibs_p_mun = _parse_ibs_p_mun(d.pop("ibs_p_mun", UNSET))


        def _parse_ibs_p_uf(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        ibs_p_uf = _parse_ibs_p_uf(d.pop("ibs_p_uf", UNSET))


        def _parse_inf_cpl(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        inf_cpl = _parse_inf_cpl(d.pop("inf_cpl", UNSET))


        def _parse_modelo(data: object) -> IvaRuleModeloType1 | IvaRuleModeloType2Type1 | IvaRuleModeloType3Type1 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, int):
                    raise TypeError()
                modelo_type_1 = IvaRuleModeloType1(data)



                return modelo_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, int):
                    raise TypeError()
                modelo_type_2_type_1 = IvaRuleModeloType2Type1(data)



                return modelo_type_2_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, int):
                    raise TypeError()
                modelo_type_3_type_1 = IvaRuleModeloType3Type1(data)



                return modelo_type_3_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(IvaRuleModeloType1 | IvaRuleModeloType2Type1 | IvaRuleModeloType3Type1 | None | Unset, data)

        modelo = _parse_modelo(d.pop("modelo", UNSET))


        def _parse_natureza_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        natureza_id = _parse_natureza_id(d.pop("natureza_id", UNSET))


        def _parse_nbs(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        nbs = _parse_nbs(d.pop("nbs", UNSET))


        def _parse_ncm(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        ncm = _parse_ncm(d.pop("ncm", UNSET))


        def _parse_operacao(data: object) -> IvaRuleOperacaoType1 | IvaRuleOperacaoType2Type1 | IvaRuleOperacaoType3Type1 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                operacao_type_1 = IvaRuleOperacaoType1(data)



                return operacao_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                operacao_type_2_type_1 = IvaRuleOperacaoType2Type1(data)



                return operacao_type_2_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                operacao_type_3_type_1 = IvaRuleOperacaoType3Type1(data)



                return operacao_type_3_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(IvaRuleOperacaoType1 | IvaRuleOperacaoType2Type1 | IvaRuleOperacaoType3Type1 | None | Unset, data)

        operacao = _parse_operacao(d.pop("operacao", UNSET))


        prioridade = d.pop("prioridade", UNSET)

        def _parse_produto_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        produto_id = _parse_produto_id(d.pop("produto_id", UNSET))


        def _parse_red_aliq_cbs(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        red_aliq_cbs = _parse_red_aliq_cbs(d.pop("red_aliq_cbs", UNSET))


        def _parse_red_aliq_ibs_mun(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        red_aliq_ibs_mun = _parse_red_aliq_ibs_mun(d.pop("red_aliq_ibs_mun", UNSET))


        def _parse_red_aliq_ibs_uf(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        red_aliq_ibs_uf = _parse_red_aliq_ibs_uf(d.pop("red_aliq_ibs_uf", UNSET))


        def _parse_regime(data: object) -> IvaRuleRegimeType1 | IvaRuleRegimeType2Type1 | IvaRuleRegimeType3Type1 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                regime_type_1 = IvaRuleRegimeType1(data)



                return regime_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                regime_type_2_type_1 = IvaRuleRegimeType2Type1(data)



                return regime_type_2_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                regime_type_3_type_1 = IvaRuleRegimeType3Type1(data)



                return regime_type_3_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(IvaRuleRegimeType1 | IvaRuleRegimeType2Type1 | IvaRuleRegimeType3Type1 | None | Unset, data)

        regime = _parse_regime(d.pop("regime", UNSET))


        def _parse_tipo_destinatario(data: object) -> IvaRuleTipoDestinatarioType1 | IvaRuleTipoDestinatarioType2Type1 | IvaRuleTipoDestinatarioType3Type1 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                tipo_destinatario_type_1 = IvaRuleTipoDestinatarioType1(data)



                return tipo_destinatario_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                tipo_destinatario_type_2_type_1 = IvaRuleTipoDestinatarioType2Type1(data)



                return tipo_destinatario_type_2_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                tipo_destinatario_type_3_type_1 = IvaRuleTipoDestinatarioType3Type1(data)



                return tipo_destinatario_type_3_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(IvaRuleTipoDestinatarioType1 | IvaRuleTipoDestinatarioType2Type1 | IvaRuleTipoDestinatarioType3Type1 | None | Unset, data)

        tipo_destinatario = _parse_tipo_destinatario(d.pop("tipo_destinatario", UNSET))


        def _parse_uf_destino(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        uf_destino = _parse_uf_destino(d.pop("uf_destino", UNSET))


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




        iva_rule = cls(
            cclasstrib=cclasstrib,
            cst=cst,
            ativo=ativo,
            categoria=categoria,
            cbs_p=cbs_p,
            classificacao=classificacao,
            cod_municipio_destino=cod_municipio_destino,
            consumidor_final=consumidor_final,
            contribuinte=contribuinte,
            cred_presumido_p=cred_presumido_p,
            descricao=descricao,
            dif_p_cbs=dif_p_cbs,
            dif_p_ibs_mun=dif_p_ibs_mun,
            dif_p_ibs_uf=dif_p_ibs_uf,
            empresa=empresa,
            empresa_id=empresa_id,
            ibs_p_mun=ibs_p_mun,
            ibs_p_uf=ibs_p_uf,
            inf_cpl=inf_cpl,
            modelo=modelo,
            natureza_id=natureza_id,
            nbs=nbs,
            ncm=ncm,
            operacao=operacao,
            prioridade=prioridade,
            produto_id=produto_id,
            red_aliq_cbs=red_aliq_cbs,
            red_aliq_ibs_mun=red_aliq_ibs_mun,
            red_aliq_ibs_uf=red_aliq_ibs_uf,
            regime=regime,
            tipo_destinatario=tipo_destinatario,
            uf_destino=uf_destino,
            vigencia_fim=vigencia_fim,
            vigencia_inicio=vigencia_inicio,
        )

        return iva_rule

