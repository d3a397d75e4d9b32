from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.issuer_record_origem_dados import IssuerRecordOrigemDados





T = TypeVar("T", bound="IssuerRecord")



@_attrs_define
class IssuerRecord:
    """ 
        Attributes:
            ambiente (str | Unset):
            ativo (bool | Unset):
            cnpj (None | str | Unset):
            codigo (str | Unset):  Example: DEMO.
            contexto_fiscal (None | str | Unset): PRODUTOR_RURAL ou null.
            cpf (None | str | Unset): Produtor rural pessoa física: CPF, sem CNPJ.
            crt (int | None | Unset):
            csc_configurado (bool | Unset):
            id (str | Unset):
            modulos (list[str] | Unset):
            origem_dados (IssuerRecordOrigemDados | Unset):
            razao_social (None | str | Unset):
            reg_estadual_cteos (None | str | Unset): Número do registro estadual, 25 dígitos.
            regime_tributario (None | str | Unset):
            rntrc (None | str | Unset): RNTRC na ANTT: 8 dígitos ou ISENTO. Example: 12345678.
            serie_cte (int | Unset): Série do CT-e (57). Example: 1.
            serie_cteos (int | Unset): Série do CT-e OS (67). Example: 1.
            serie_mdfe (int | Unset): Série do MDF-e (58). Example: 1.
            serie_nfce (int | Unset):  Example: 1.
            serie_nfe (int | Unset):  Example: 1.
            taf_cteos (None | str | Unset): Termo de Autorização de Fretamento (ANTT), 12 dígitos.
            uf (None | str | Unset):
     """

    ambiente: str | Unset = UNSET
    ativo: bool | Unset = UNSET
    cnpj: None | str | Unset = UNSET
    codigo: str | Unset = UNSET
    contexto_fiscal: None | str | Unset = UNSET
    cpf: None | str | Unset = UNSET
    crt: int | None | Unset = UNSET
    csc_configurado: bool | Unset = UNSET
    id: str | Unset = UNSET
    modulos: list[str] | Unset = UNSET
    origem_dados: IssuerRecordOrigemDados | Unset = UNSET
    razao_social: None | str | Unset = UNSET
    reg_estadual_cteos: None | str | Unset = UNSET
    regime_tributario: None | str | Unset = UNSET
    rntrc: None | str | Unset = UNSET
    serie_cte: int | Unset = UNSET
    serie_cteos: int | Unset = UNSET
    serie_mdfe: int | Unset = UNSET
    serie_nfce: int | Unset = UNSET
    serie_nfe: int | Unset = UNSET
    taf_cteos: None | str | Unset = UNSET
    uf: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.issuer_record_origem_dados import IssuerRecordOrigemDados # noqa: PLC0415
        ambiente = self.ambiente

        ativo = self.ativo

        cnpj: None | str | Unset
        if isinstance(self.cnpj, Unset):
            cnpj = UNSET
        else:
            cnpj = self.cnpj

        codigo = self.codigo

        contexto_fiscal: None | str | Unset
        if isinstance(self.contexto_fiscal, Unset):
            contexto_fiscal = UNSET
        else:
            contexto_fiscal = self.contexto_fiscal

        cpf: None | str | Unset
        if isinstance(self.cpf, Unset):
            cpf = UNSET
        else:
            cpf = self.cpf

        crt: int | None | Unset
        if isinstance(self.crt, Unset):
            crt = UNSET
        else:
            crt = self.crt

        csc_configurado = self.csc_configurado

        id = self.id

        modulos: list[str] | Unset = UNSET
        if not isinstance(self.modulos, Unset):
            modulos = self.modulos



        origem_dados: dict[str, Any] | Unset = UNSET
        if not isinstance(self.origem_dados, Unset):
            origem_dados = self.origem_dados.to_dict()

        razao_social: None | str | Unset
        if isinstance(self.razao_social, Unset):
            razao_social = UNSET
        else:
            razao_social = self.razao_social

        reg_estadual_cteos: None | str | Unset
        if isinstance(self.reg_estadual_cteos, Unset):
            reg_estadual_cteos = UNSET
        else:
            reg_estadual_cteos = self.reg_estadual_cteos

        regime_tributario: None | str | Unset
        if isinstance(self.regime_tributario, Unset):
            regime_tributario = UNSET
        else:
            regime_tributario = self.regime_tributario

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

        uf: None | str | Unset
        if isinstance(self.uf, Unset):
            uf = UNSET
        else:
            uf = self.uf


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
        })
        if ambiente is not UNSET:
            field_dict["ambiente"] = ambiente
        if ativo is not UNSET:
            field_dict["ativo"] = ativo
        if cnpj is not UNSET:
            field_dict["cnpj"] = cnpj
        if codigo is not UNSET:
            field_dict["codigo"] = codigo
        if contexto_fiscal is not UNSET:
            field_dict["contexto_fiscal"] = contexto_fiscal
        if cpf is not UNSET:
            field_dict["cpf"] = cpf
        if crt is not UNSET:
            field_dict["crt"] = crt
        if csc_configurado is not UNSET:
            field_dict["csc_configurado"] = csc_configurado
        if id is not UNSET:
            field_dict["id"] = id
        if modulos is not UNSET:
            field_dict["modulos"] = modulos
        if origem_dados is not UNSET:
            field_dict["origem_dados"] = origem_dados
        if razao_social is not UNSET:
            field_dict["razao_social"] = razao_social
        if reg_estadual_cteos is not UNSET:
            field_dict["reg_estadual_cteos"] = reg_estadual_cteos
        if regime_tributario is not UNSET:
            field_dict["regime_tributario"] = regime_tributario
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
        if uf is not UNSET:
            field_dict["uf"] = uf

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.issuer_record_origem_dados import IssuerRecordOrigemDados # noqa: PLC0415
        d = dict(src_dict)
        ambiente = d.pop("ambiente", UNSET)

        ativo = d.pop("ativo", UNSET)

        def _parse_cnpj(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        cnpj = _parse_cnpj(d.pop("cnpj", UNSET))


        codigo = d.pop("codigo", UNSET)

        def _parse_contexto_fiscal(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        contexto_fiscal = _parse_contexto_fiscal(d.pop("contexto_fiscal", UNSET))


        def _parse_cpf(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        cpf = _parse_cpf(d.pop("cpf", UNSET))


        def _parse_crt(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        crt = _parse_crt(d.pop("crt", UNSET))


        csc_configurado = d.pop("csc_configurado", UNSET)

        id = d.pop("id", UNSET)

        modulos = cast(list[str], d.pop("modulos", UNSET))


        _origem_dados = d.pop("origem_dados", UNSET)
        origem_dados: IssuerRecordOrigemDados | Unset
        if isinstance(_origem_dados,  Unset):
            origem_dados = UNSET
        else:
            origem_dados = IssuerRecordOrigemDados.from_dict(_origem_dados)




        def _parse_razao_social(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        razao_social = _parse_razao_social(d.pop("razao_social", UNSET))


        def _parse_reg_estadual_cteos(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        reg_estadual_cteos = _parse_reg_estadual_cteos(d.pop("reg_estadual_cteos", UNSET))


        def _parse_regime_tributario(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        regime_tributario = _parse_regime_tributario(d.pop("regime_tributario", UNSET))


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


        def _parse_uf(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        uf = _parse_uf(d.pop("uf", UNSET))


        issuer_record = cls(
            ambiente=ambiente,
            ativo=ativo,
            cnpj=cnpj,
            codigo=codigo,
            contexto_fiscal=contexto_fiscal,
            cpf=cpf,
            crt=crt,
            csc_configurado=csc_configurado,
            id=id,
            modulos=modulos,
            origem_dados=origem_dados,
            razao_social=razao_social,
            reg_estadual_cteos=reg_estadual_cteos,
            regime_tributario=regime_tributario,
            rntrc=rntrc,
            serie_cte=serie_cte,
            serie_cteos=serie_cteos,
            serie_mdfe=serie_mdfe,
            serie_nfce=serie_nfce,
            serie_nfe=serie_nfe,
            taf_cteos=taf_cteos,
            uf=uf,
        )


        issuer_record.additional_properties = d
        return issuer_record

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
