from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.authority_ambiente import AuthorityAmbiente
from ..models.authority_status import AuthorityStatus
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.last_answer import LastAnswer





T = TypeVar("T", bound="Authority")



@_attrs_define
class Authority:
    """ 
        Attributes:
            ambiente (AuthorityAmbiente | Unset):
            autorizador (str | Unset): Autorizador que atende (UF própria, SVRS, SVAN, SVSP, SEFIN).
            contingencia (None | str | Unset): Modo de contingência em vigor para as suas empresas nesta autoridade (SVC,
                EPEC, OFFLINE; vários separados por vírgula), ou nulo.
            desde (None | str | Unset): Desde quando no status.
            documento (str | Unset): NFE, NFCE, CTE, CTEOS, MDFE, NFSE.
            empresas (list[str] | Unset): Códigos das suas empresas atendidas.
            falhas_consecutivas (int | Unset):
            modelo (str | Unset): Modelo do documento (SE: NFS-e).
            status (AuthorityStatus | Unset):
            ufs (list[str] | Unset): UFs das suas empresas.
            ultima_resposta (LastAnswer | None | Unset):
            verificado_em (None | str | Unset): Última consulta ao serviço de status.
     """

    ambiente: AuthorityAmbiente | Unset = UNSET
    autorizador: str | Unset = UNSET
    contingencia: None | str | Unset = UNSET
    desde: None | str | Unset = UNSET
    documento: str | Unset = UNSET
    empresas: list[str] | Unset = UNSET
    falhas_consecutivas: int | Unset = UNSET
    modelo: str | Unset = UNSET
    status: AuthorityStatus | Unset = UNSET
    ufs: list[str] | Unset = UNSET
    ultima_resposta: LastAnswer | None | Unset = UNSET
    verificado_em: None | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.last_answer import LastAnswer # noqa: PLC0415
        ambiente: str | Unset = UNSET
        if not isinstance(self.ambiente, Unset):
            ambiente = self.ambiente.value


        autorizador = self.autorizador

        contingencia: None | str | Unset
        if isinstance(self.contingencia, Unset):
            contingencia = UNSET
        else:
            contingencia = self.contingencia

        desde: None | str | Unset
        if isinstance(self.desde, Unset):
            desde = UNSET
        else:
            desde = self.desde

        documento = self.documento

        empresas: list[str] | Unset = UNSET
        if not isinstance(self.empresas, Unset):
            empresas = self.empresas



        falhas_consecutivas = self.falhas_consecutivas

        modelo = self.modelo

        status: str | Unset = UNSET
        if not isinstance(self.status, Unset):
            status = self.status.value


        ufs: list[str] | Unset = UNSET
        if not isinstance(self.ufs, Unset):
            ufs = self.ufs



        ultima_resposta: dict[str, Any] | None | Unset
        if isinstance(self.ultima_resposta, Unset):
            ultima_resposta = UNSET
        elif isinstance(self.ultima_resposta, LastAnswer):
            ultima_resposta = self.ultima_resposta.to_dict()
        else:
            ultima_resposta = self.ultima_resposta

        verificado_em: None | str | Unset
        if isinstance(self.verificado_em, Unset):
            verificado_em = UNSET
        else:
            verificado_em = self.verificado_em


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if ambiente is not UNSET:
            field_dict["ambiente"] = ambiente
        if autorizador is not UNSET:
            field_dict["autorizador"] = autorizador
        if contingencia is not UNSET:
            field_dict["contingencia"] = contingencia
        if desde is not UNSET:
            field_dict["desde"] = desde
        if documento is not UNSET:
            field_dict["documento"] = documento
        if empresas is not UNSET:
            field_dict["empresas"] = empresas
        if falhas_consecutivas is not UNSET:
            field_dict["falhas_consecutivas"] = falhas_consecutivas
        if modelo is not UNSET:
            field_dict["modelo"] = modelo
        if status is not UNSET:
            field_dict["status"] = status
        if ufs is not UNSET:
            field_dict["ufs"] = ufs
        if ultima_resposta is not UNSET:
            field_dict["ultima_resposta"] = ultima_resposta
        if verificado_em is not UNSET:
            field_dict["verificado_em"] = verificado_em

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.last_answer import LastAnswer # noqa: PLC0415
        d = dict(src_dict)
        _ambiente = d.pop("ambiente", UNSET)
        ambiente: AuthorityAmbiente | Unset
        if isinstance(_ambiente,  Unset):
            ambiente = UNSET
        else:
            ambiente = AuthorityAmbiente(_ambiente)




        autorizador = d.pop("autorizador", UNSET)

        def _parse_contingencia(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        contingencia = _parse_contingencia(d.pop("contingencia", UNSET))


        def _parse_desde(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        desde = _parse_desde(d.pop("desde", UNSET))


        documento = d.pop("documento", UNSET)

        empresas = cast(list[str], d.pop("empresas", UNSET))


        falhas_consecutivas = d.pop("falhas_consecutivas", UNSET)

        modelo = d.pop("modelo", UNSET)

        _status = d.pop("status", UNSET)
        status: AuthorityStatus | Unset
        if isinstance(_status,  Unset):
            status = UNSET
        else:
            status = AuthorityStatus(_status)




        ufs = cast(list[str], d.pop("ufs", UNSET))


        def _parse_ultima_resposta(data: object) -> LastAnswer | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                ultima_resposta_type_1 = LastAnswer.from_dict(data)



                return ultima_resposta_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(LastAnswer | None | Unset, data)

        ultima_resposta = _parse_ultima_resposta(d.pop("ultima_resposta", UNSET))


        def _parse_verificado_em(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        verificado_em = _parse_verificado_em(d.pop("verificado_em", UNSET))


        authority = cls(
            ambiente=ambiente,
            autorizador=autorizador,
            contingencia=contingencia,
            desde=desde,
            documento=documento,
            empresas=empresas,
            falhas_consecutivas=falhas_consecutivas,
            modelo=modelo,
            status=status,
            ufs=ufs,
            ultima_resposta=ultima_resposta,
            verificado_em=verificado_em,
        )

        return authority

