from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.import_declaration_intermediacao import ImportDeclarationIntermediacao
from ..models.import_declaration_via_transporte import ImportDeclarationViaTransporte
from ..types import UNSET, Unset
from typing import cast
import datetime

if TYPE_CHECKING:
  from ..models.addition import Addition





T = TypeVar("T", bound="ImportDeclaration")



@_attrs_define
class ImportDeclaration:
    """ 
        Attributes:
            adicoes (list[Addition]):
            codigo_exportador (str): cExportador.
            data_desembaraco (datetime.date): dDesemb.
            data_registro (datetime.date): dDI.
            intermediacao (ImportDeclarationIntermediacao): tpIntermedio: 1 conta própria, 2 conta e ordem, 3 encomenda.
            local_desembaraco (str): xLocDesemb.
            numero (str): nDI.
            uf_desembaraco (str):
            via_transporte (ImportDeclarationViaTransporte): tpViaTransp: 1 marítima … 4 aérea … 7 rodoviária … 13.
            cpf_cnpj_adquirente (str | Unset): CNPJ/CPF do adquirente ou encomendante (intermediação 2, 3).
            uf_adquirente (str | Unset): UFTerceiro.
            valor_afrmm (float | str | Unset): vAFRMM: obrigatório na via marítima; entra na base do ICMS.
     """

    adicoes: list[Addition]
    codigo_exportador: str
    data_desembaraco: datetime.date
    data_registro: datetime.date
    intermediacao: ImportDeclarationIntermediacao
    local_desembaraco: str
    numero: str
    uf_desembaraco: str
    via_transporte: ImportDeclarationViaTransporte
    cpf_cnpj_adquirente: str | Unset = UNSET
    uf_adquirente: str | Unset = UNSET
    valor_afrmm: float | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.addition import Addition # noqa: PLC0415
        adicoes = []
        for adicoes_item_data in self.adicoes:
            adicoes_item = adicoes_item_data.to_dict()
            adicoes.append(adicoes_item)



        codigo_exportador = self.codigo_exportador

        data_desembaraco = self.data_desembaraco.isoformat()

        data_registro = self.data_registro.isoformat()

        intermediacao = self.intermediacao.value

        local_desembaraco = self.local_desembaraco

        numero = self.numero

        uf_desembaraco = self.uf_desembaraco

        via_transporte = self.via_transporte.value

        cpf_cnpj_adquirente = self.cpf_cnpj_adquirente

        uf_adquirente = self.uf_adquirente

        valor_afrmm: float | str | Unset
        if isinstance(self.valor_afrmm, Unset):
            valor_afrmm = UNSET
        else:
            valor_afrmm = self.valor_afrmm


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "adicoes": adicoes,
            "codigo_exportador": codigo_exportador,
            "data_desembaraco": data_desembaraco,
            "data_registro": data_registro,
            "intermediacao": intermediacao,
            "local_desembaraco": local_desembaraco,
            "numero": numero,
            "uf_desembaraco": uf_desembaraco,
            "via_transporte": via_transporte,
        })
        if cpf_cnpj_adquirente is not UNSET:
            field_dict["cpf_cnpj_adquirente"] = cpf_cnpj_adquirente
        if uf_adquirente is not UNSET:
            field_dict["uf_adquirente"] = uf_adquirente
        if valor_afrmm is not UNSET:
            field_dict["valor_afrmm"] = valor_afrmm

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.addition import Addition # noqa: PLC0415
        d = dict(src_dict)
        adicoes = []
        _adicoes = d.pop("adicoes")
        for adicoes_item_data in (_adicoes):
            adicoes_item = Addition.from_dict(adicoes_item_data)



            adicoes.append(adicoes_item)


        codigo_exportador = d.pop("codigo_exportador")

        data_desembaraco = datetime.date.fromisoformat(d.pop("data_desembaraco"))




        data_registro = datetime.date.fromisoformat(d.pop("data_registro"))




        intermediacao = ImportDeclarationIntermediacao(d.pop("intermediacao"))




        local_desembaraco = d.pop("local_desembaraco")

        numero = d.pop("numero")

        uf_desembaraco = d.pop("uf_desembaraco")

        via_transporte = ImportDeclarationViaTransporte(d.pop("via_transporte"))




        cpf_cnpj_adquirente = d.pop("cpf_cnpj_adquirente", UNSET)

        uf_adquirente = d.pop("uf_adquirente", UNSET)

        def _parse_valor_afrmm(data: object) -> float | str | Unset:
            if isinstance(data, Unset):
                return data
            return cast(float | str | Unset, data)

        valor_afrmm = _parse_valor_afrmm(d.pop("valor_afrmm", UNSET))


        import_declaration = cls(
            adicoes=adicoes,
            codigo_exportador=codigo_exportador,
            data_desembaraco=data_desembaraco,
            data_registro=data_registro,
            intermediacao=intermediacao,
            local_desembaraco=local_desembaraco,
            numero=numero,
            uf_desembaraco=uf_desembaraco,
            via_transporte=via_transporte,
            cpf_cnpj_adquirente=cpf_cnpj_adquirente,
            uf_adquirente=uf_adquirente,
            valor_afrmm=valor_afrmm,
        )

        return import_declaration

