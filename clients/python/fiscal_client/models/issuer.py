from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.issuer_ambiente import IssuerAmbiente
from ..models.issuer_apuracao_type_1 import IssuerApuracaoType1
from ..models.issuer_apuracao_type_2_type_1 import IssuerApuracaoType2Type1
from ..models.issuer_apuracao_type_3_type_1 import IssuerApuracaoType3Type1
from ..models.issuer_modulos_item import IssuerModulosItem
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.issuer_origem import IssuerOrigem





T = TypeVar("T", bound="Issuer")



@_attrs_define
class Issuer:
    """ 
        Attributes:
            cnpj (str):
            razao_social (str):
            uf (str):
            ambiente (IssuerAmbiente | Unset):
            apuracao (IssuerApuracaoType1 | IssuerApuracaoType2Type1 | IssuerApuracaoType3Type1 | None | Unset):
            bairro (None | str | Unset):
            cep (None | str | Unset):
            cnae (None | str | Unset):
            cnaes_secundarios (list[str] | Unset):
            cod_municipio (None | str | Unset):
            codigo (str | Unset):
            complemento (None | str | Unset):
            config_automatica (bool | Unset):
            confirmar (bool | Unset):
            crt (int | None | Unset):
            csc (None | str | Unset):
            csc_id (None | str | Unset):
            email (None | str | Unset):
            empresa (str | Unset):
            empresa_id (str | Unset):
            exige_ibs_cbs (bool | Unset):
            ie (None | str | Unset):
            iest (None | str | Unset):
            im (None | str | Unset):
            limite_revisao (None | str | Unset):
            logradouro (None | str | Unset):
            modulos (list[IssuerModulosItem] | Unset):
            municipio (None | str | Unset):
            nome_fantasia (None | str | Unset):
            numero (None | str | Unset):
            origem (IssuerOrigem | Unset):
            reg_estadual_cteos (None | str | Unset): Número do registro estadual do CT-e OS: 25 dígitos.
            regime_especial_nfse (int | None | Unset):
            rntrc (None | str | Unset): RNTRC do emitente na ANTT (CT-e rodoviário): 8 dígitos ou ISENTO. Example: 12345678.
            serie_cte (int | Unset):
            serie_cteos (int | Unset):
            serie_mdfe (int | Unset):
            serie_nfce (int | Unset):
            serie_nfe (int | Unset):
            taf_cteos (None | str | Unset): Termo de Autorização de Fretamento (ANTT) do CT-e OS: 12 dígitos.
            telefone (None | str | Unset):
     """

    cnpj: str
    razao_social: str
    uf: str
    ambiente: IssuerAmbiente | Unset = UNSET
    apuracao: IssuerApuracaoType1 | IssuerApuracaoType2Type1 | IssuerApuracaoType3Type1 | None | Unset = UNSET
    bairro: None | str | Unset = UNSET
    cep: None | str | Unset = UNSET
    cnae: None | str | Unset = UNSET
    cnaes_secundarios: list[str] | Unset = UNSET
    cod_municipio: None | str | Unset = UNSET
    codigo: str | Unset = UNSET
    complemento: None | str | Unset = UNSET
    config_automatica: bool | Unset = UNSET
    confirmar: bool | Unset = UNSET
    crt: int | None | Unset = UNSET
    csc: None | str | Unset = UNSET
    csc_id: None | str | Unset = UNSET
    email: None | str | Unset = UNSET
    empresa: str | Unset = UNSET
    empresa_id: str | Unset = UNSET
    exige_ibs_cbs: bool | Unset = UNSET
    ie: None | str | Unset = UNSET
    iest: None | str | Unset = UNSET
    im: None | str | Unset = UNSET
    limite_revisao: None | str | Unset = UNSET
    logradouro: None | str | Unset = UNSET
    modulos: list[IssuerModulosItem] | Unset = UNSET
    municipio: None | str | Unset = UNSET
    nome_fantasia: None | str | Unset = UNSET
    numero: None | str | Unset = UNSET
    origem: IssuerOrigem | Unset = UNSET
    reg_estadual_cteos: None | str | Unset = UNSET
    regime_especial_nfse: int | None | Unset = UNSET
    rntrc: None | str | Unset = UNSET
    serie_cte: int | Unset = UNSET
    serie_cteos: int | Unset = UNSET
    serie_mdfe: int | Unset = UNSET
    serie_nfce: int | Unset = UNSET
    serie_nfe: int | Unset = UNSET
    taf_cteos: None | str | Unset = UNSET
    telefone: None | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.issuer_origem import IssuerOrigem # noqa: PLC0415
        cnpj = self.cnpj

        razao_social = self.razao_social

        uf = self.uf

        ambiente: str | Unset = UNSET
        if not isinstance(self.ambiente, Unset):
            ambiente = self.ambiente.value


        apuracao: None | str | Unset
        if isinstance(self.apuracao, Unset):
            apuracao = UNSET
        elif isinstance(self.apuracao, IssuerApuracaoType1):
            apuracao = self.apuracao.value
        elif isinstance(self.apuracao, IssuerApuracaoType2Type1):
            apuracao = self.apuracao.value
        elif isinstance(self.apuracao, IssuerApuracaoType3Type1):
            apuracao = self.apuracao.value
        else:
            apuracao = self.apuracao

        bairro: None | str | Unset
        if isinstance(self.bairro, Unset):
            bairro = UNSET
        else:
            bairro = self.bairro

        cep: None | str | Unset
        if isinstance(self.cep, Unset):
            cep = UNSET
        else:
            cep = self.cep

        cnae: None | str | Unset
        if isinstance(self.cnae, Unset):
            cnae = UNSET
        else:
            cnae = self.cnae

        cnaes_secundarios: list[str] | Unset = UNSET
        if not isinstance(self.cnaes_secundarios, Unset):
            cnaes_secundarios = self.cnaes_secundarios



        cod_municipio: None | str | Unset
        if isinstance(self.cod_municipio, Unset):
            cod_municipio = UNSET
        else:
            cod_municipio = self.cod_municipio

        codigo = self.codigo

        complemento: None | str | Unset
        if isinstance(self.complemento, Unset):
            complemento = UNSET
        else:
            complemento = self.complemento

        config_automatica = self.config_automatica

        confirmar = self.confirmar

        crt: int | None | Unset
        if isinstance(self.crt, Unset):
            crt = UNSET
        else:
            crt = self.crt

        csc: None | str | Unset
        if isinstance(self.csc, Unset):
            csc = UNSET
        else:
            csc = self.csc

        csc_id: None | str | Unset
        if isinstance(self.csc_id, Unset):
            csc_id = UNSET
        else:
            csc_id = self.csc_id

        email: None | str | Unset
        if isinstance(self.email, Unset):
            email = UNSET
        else:
            email = self.email

        empresa = self.empresa

        empresa_id = self.empresa_id

        exige_ibs_cbs = self.exige_ibs_cbs

        ie: None | str | Unset
        if isinstance(self.ie, Unset):
            ie = UNSET
        else:
            ie = self.ie

        iest: None | str | Unset
        if isinstance(self.iest, Unset):
            iest = UNSET
        else:
            iest = self.iest

        im: None | str | Unset
        if isinstance(self.im, Unset):
            im = UNSET
        else:
            im = self.im

        limite_revisao: None | str | Unset
        if isinstance(self.limite_revisao, Unset):
            limite_revisao = UNSET
        else:
            limite_revisao = self.limite_revisao

        logradouro: None | str | Unset
        if isinstance(self.logradouro, Unset):
            logradouro = UNSET
        else:
            logradouro = self.logradouro

        modulos: list[str] | Unset = UNSET
        if not isinstance(self.modulos, Unset):
            modulos = []
            for modulos_item_data in self.modulos:
                modulos_item = modulos_item_data.value
                modulos.append(modulos_item)



        municipio: None | str | Unset
        if isinstance(self.municipio, Unset):
            municipio = UNSET
        else:
            municipio = self.municipio

        nome_fantasia: None | str | Unset
        if isinstance(self.nome_fantasia, Unset):
            nome_fantasia = UNSET
        else:
            nome_fantasia = self.nome_fantasia

        numero: None | str | Unset
        if isinstance(self.numero, Unset):
            numero = UNSET
        else:
            numero = self.numero

        origem: dict[str, Any] | Unset = UNSET
        if not isinstance(self.origem, Unset):
            origem = self.origem.to_dict()

        reg_estadual_cteos: None | str | Unset
        if isinstance(self.reg_estadual_cteos, Unset):
            reg_estadual_cteos = UNSET
        else:
            reg_estadual_cteos = self.reg_estadual_cteos

        regime_especial_nfse: int | None | Unset
        if isinstance(self.regime_especial_nfse, Unset):
            regime_especial_nfse = UNSET
        else:
            regime_especial_nfse = self.regime_especial_nfse

        rntrc: None | str | Unset
        if isinstance(self.rntrc, Unset):
            rntrc = UNSET
        else:
            rntrc = self.rntrc

        serie_cte = self.serie_cte

        serie_cteos = self.serie_cteos

        serie_mdfe = self.serie_mdfe

        serie_nfce = self.serie_nfce

        serie_nfe = self.serie_nfe

        taf_cteos: None | str | Unset
        if isinstance(self.taf_cteos, Unset):
            taf_cteos = UNSET
        else:
            taf_cteos = self.taf_cteos

        telefone: None | str | Unset
        if isinstance(self.telefone, Unset):
            telefone = UNSET
        else:
            telefone = self.telefone


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "cnpj": cnpj,
            "razao_social": razao_social,
            "uf": uf,
        })
        if ambiente is not UNSET:
            field_dict["ambiente"] = ambiente
        if apuracao is not UNSET:
            field_dict["apuracao"] = apuracao
        if bairro is not UNSET:
            field_dict["bairro"] = bairro
        if cep is not UNSET:
            field_dict["cep"] = cep
        if cnae is not UNSET:
            field_dict["cnae"] = cnae
        if cnaes_secundarios is not UNSET:
            field_dict["cnaes_secundarios"] = cnaes_secundarios
        if cod_municipio is not UNSET:
            field_dict["cod_municipio"] = cod_municipio
        if codigo is not UNSET:
            field_dict["codigo"] = codigo
        if complemento is not UNSET:
            field_dict["complemento"] = complemento
        if config_automatica is not UNSET:
            field_dict["config_automatica"] = config_automatica
        if confirmar is not UNSET:
            field_dict["confirmar"] = confirmar
        if crt is not UNSET:
            field_dict["crt"] = crt
        if csc is not UNSET:
            field_dict["csc"] = csc
        if csc_id is not UNSET:
            field_dict["csc_id"] = csc_id
        if email is not UNSET:
            field_dict["email"] = email
        if empresa is not UNSET:
            field_dict["empresa"] = empresa
        if empresa_id is not UNSET:
            field_dict["empresa_id"] = empresa_id
        if exige_ibs_cbs is not UNSET:
            field_dict["exige_ibs_cbs"] = exige_ibs_cbs
        if ie is not UNSET:
            field_dict["ie"] = ie
        if iest is not UNSET:
            field_dict["iest"] = iest
        if im is not UNSET:
            field_dict["im"] = im
        if limite_revisao is not UNSET:
            field_dict["limite_revisao"] = limite_revisao
        if logradouro is not UNSET:
            field_dict["logradouro"] = logradouro
        if modulos is not UNSET:
            field_dict["modulos"] = modulos
        if municipio is not UNSET:
            field_dict["municipio"] = municipio
        if nome_fantasia is not UNSET:
            field_dict["nome_fantasia"] = nome_fantasia
        if numero is not UNSET:
            field_dict["numero"] = numero
        if origem is not UNSET:
            field_dict["origem"] = origem
        if reg_estadual_cteos is not UNSET:
            field_dict["reg_estadual_cteos"] = reg_estadual_cteos
        if regime_especial_nfse is not UNSET:
            field_dict["regime_especial_nfse"] = regime_especial_nfse
        if rntrc is not UNSET:
            field_dict["rntrc"] = rntrc
        if serie_cte is not UNSET:
            field_dict["serie_cte"] = serie_cte
        if serie_cteos is not UNSET:
            field_dict["serie_cteos"] = serie_cteos
        if serie_mdfe is not UNSET:
            field_dict["serie_mdfe"] = serie_mdfe
        if serie_nfce is not UNSET:
            field_dict["serie_nfce"] = serie_nfce
        if serie_nfe is not UNSET:
            field_dict["serie_nfe"] = serie_nfe
        if taf_cteos is not UNSET:
            field_dict["taf_cteos"] = taf_cteos
        if telefone is not UNSET:
            field_dict["telefone"] = telefone

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.issuer_origem import IssuerOrigem # noqa: PLC0415
        d = dict(src_dict)
        cnpj = d.pop("cnpj")

        razao_social = d.pop("razao_social")

        uf = d.pop("uf")

        _ambiente = d.pop("ambiente", UNSET)
        ambiente: IssuerAmbiente | Unset
        if isinstance(_ambiente,  Unset):
            ambiente = UNSET
        else:
            ambiente = IssuerAmbiente(_ambiente)




        def _parse_apuracao(data: object) -> IssuerApuracaoType1 | IssuerApuracaoType2Type1 | IssuerApuracaoType3Type1 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                apuracao_type_1 = IssuerApuracaoType1(data)



                return apuracao_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                apuracao_type_2_type_1 = IssuerApuracaoType2Type1(data)



                return apuracao_type_2_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                apuracao_type_3_type_1 = IssuerApuracaoType3Type1(data)



                return apuracao_type_3_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(IssuerApuracaoType1 | IssuerApuracaoType2Type1 | IssuerApuracaoType3Type1 | None | Unset, data)

        apuracao = _parse_apuracao(d.pop("apuracao", UNSET))


        def _parse_bairro(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        bairro = _parse_bairro(d.pop("bairro", UNSET))


        def _parse_cep(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        cep = _parse_cep(d.pop("cep", UNSET))


        def _parse_cnae(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        cnae = _parse_cnae(d.pop("cnae", UNSET))


        cnaes_secundarios = cast(list[str], d.pop("cnaes_secundarios", UNSET))


        def _parse_cod_municipio(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        cod_municipio = _parse_cod_municipio(d.pop("cod_municipio", UNSET))


        codigo = d.pop("codigo", UNSET)

        def _parse_complemento(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        complemento = _parse_complemento(d.pop("complemento", UNSET))


        config_automatica = d.pop("config_automatica", UNSET)

        confirmar = d.pop("confirmar", UNSET)

        def _parse_crt(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        crt = _parse_crt(d.pop("crt", UNSET))


        def _parse_csc(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        csc = _parse_csc(d.pop("csc", UNSET))


        def _parse_csc_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        csc_id = _parse_csc_id(d.pop("csc_id", UNSET))


        def _parse_email(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        email = _parse_email(d.pop("email", UNSET))


        empresa = d.pop("empresa", UNSET)

        empresa_id = d.pop("empresa_id", UNSET)

        exige_ibs_cbs = d.pop("exige_ibs_cbs", UNSET)

        def _parse_ie(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        ie = _parse_ie(d.pop("ie", UNSET))


        def _parse_iest(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        iest = _parse_iest(d.pop("iest", UNSET))


        def _parse_im(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        im = _parse_im(d.pop("im", UNSET))


        def _parse_limite_revisao(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        limite_revisao = _parse_limite_revisao(d.pop("limite_revisao", UNSET))


        def _parse_logradouro(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        logradouro = _parse_logradouro(d.pop("logradouro", UNSET))


        _modulos = d.pop("modulos", UNSET)
        modulos: list[IssuerModulosItem] | Unset = UNSET
        if _modulos is not UNSET:
            modulos = []
            for modulos_item_data in _modulos:
                modulos_item = IssuerModulosItem(modulos_item_data)



                modulos.append(modulos_item)


        def _parse_municipio(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        municipio = _parse_municipio(d.pop("municipio", UNSET))


        def _parse_nome_fantasia(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        nome_fantasia = _parse_nome_fantasia(d.pop("nome_fantasia", UNSET))


        def _parse_numero(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        numero = _parse_numero(d.pop("numero", UNSET))


        _origem = d.pop("origem", UNSET)
        origem: IssuerOrigem | Unset
        if isinstance(_origem,  Unset):
            origem = UNSET
        else:
            origem = IssuerOrigem.from_dict(_origem)




        def _parse_reg_estadual_cteos(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        reg_estadual_cteos = _parse_reg_estadual_cteos(d.pop("reg_estadual_cteos", UNSET))


        def _parse_regime_especial_nfse(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        regime_especial_nfse = _parse_regime_especial_nfse(d.pop("regime_especial_nfse", UNSET))


        def _parse_rntrc(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        rntrc = _parse_rntrc(d.pop("rntrc", UNSET))


        serie_cte = d.pop("serie_cte", UNSET)

        serie_cteos = d.pop("serie_cteos", UNSET)

        serie_mdfe = d.pop("serie_mdfe", UNSET)

        serie_nfce = d.pop("serie_nfce", UNSET)

        serie_nfe = d.pop("serie_nfe", UNSET)

        def _parse_taf_cteos(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        taf_cteos = _parse_taf_cteos(d.pop("taf_cteos", UNSET))


        def _parse_telefone(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        telefone = _parse_telefone(d.pop("telefone", UNSET))


        issuer = cls(
            cnpj=cnpj,
            razao_social=razao_social,
            uf=uf,
            ambiente=ambiente,
            apuracao=apuracao,
            bairro=bairro,
            cep=cep,
            cnae=cnae,
            cnaes_secundarios=cnaes_secundarios,
            cod_municipio=cod_municipio,
            codigo=codigo,
            complemento=complemento,
            config_automatica=config_automatica,
            confirmar=confirmar,
            crt=crt,
            csc=csc,
            csc_id=csc_id,
            email=email,
            empresa=empresa,
            empresa_id=empresa_id,
            exige_ibs_cbs=exige_ibs_cbs,
            ie=ie,
            iest=iest,
            im=im,
            limite_revisao=limite_revisao,
            logradouro=logradouro,
            modulos=modulos,
            municipio=municipio,
            nome_fantasia=nome_fantasia,
            numero=numero,
            origem=origem,
            reg_estadual_cteos=reg_estadual_cteos,
            regime_especial_nfse=regime_especial_nfse,
            rntrc=rntrc,
            serie_cte=serie_cte,
            serie_cteos=serie_cteos,
            serie_mdfe=serie_mdfe,
            serie_nfce=serie_nfce,
            serie_nfe=serie_nfe,
            taf_cteos=taf_cteos,
            telefone=telefone,
        )

        return issuer

