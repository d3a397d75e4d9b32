from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.producer_update_contexto_fiscal_type_1 import ProducerUpdateContextoFiscalType1
from ..models.producer_update_contexto_fiscal_type_2_type_1 import ProducerUpdateContextoFiscalType2Type1
from ..models.producer_update_contexto_fiscal_type_3_type_1 import ProducerUpdateContextoFiscalType3Type1
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.property_ import Property





T = TypeVar("T", bound="ProducerUpdate")



@_attrs_define
class ProducerUpdate:
    """ 
        Attributes:
            config_automatica (bool | Unset):  Default: True.
            contexto_fiscal (None | ProducerUpdateContextoFiscalType1 | ProducerUpdateContextoFiscalType2Type1 |
                ProducerUpdateContextoFiscalType3Type1 | Unset): PRODUTOR_RURAL ativa; null desativa (só pessoa jurídica).
            empresa (str | Unset):
            empresa_id (str | Unset):
            propriedades (list[Property] | Unset): Imóveis rurais {nome, cod_municipio, ie, nirf | car}.
     """

    config_automatica: bool | Unset = True
    contexto_fiscal: None | ProducerUpdateContextoFiscalType1 | ProducerUpdateContextoFiscalType2Type1 | ProducerUpdateContextoFiscalType3Type1 | Unset = UNSET
    empresa: str | Unset = UNSET
    empresa_id: str | Unset = UNSET
    propriedades: list[Property] | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.property_ import Property # noqa: PLC0415
        config_automatica = self.config_automatica

        contexto_fiscal: None | str | Unset
        if isinstance(self.contexto_fiscal, Unset):
            contexto_fiscal = UNSET
        elif isinstance(self.contexto_fiscal, ProducerUpdateContextoFiscalType1):
            contexto_fiscal = self.contexto_fiscal.value
        elif isinstance(self.contexto_fiscal, ProducerUpdateContextoFiscalType2Type1):
            contexto_fiscal = self.contexto_fiscal.value
        elif isinstance(self.contexto_fiscal, ProducerUpdateContextoFiscalType3Type1):
            contexto_fiscal = self.contexto_fiscal.value
        else:
            contexto_fiscal = self.contexto_fiscal

        empresa = self.empresa

        empresa_id = self.empresa_id

        propriedades: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.propriedades, Unset):
            propriedades = []
            for propriedades_item_data in self.propriedades:
                propriedades_item = propriedades_item_data.to_dict()
                propriedades.append(propriedades_item)




        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if config_automatica is not UNSET:
            field_dict["config_automatica"] = config_automatica
        if contexto_fiscal is not UNSET:
            field_dict["contexto_fiscal"] = contexto_fiscal
        if empresa is not UNSET:
            field_dict["empresa"] = empresa
        if empresa_id is not UNSET:
            field_dict["empresa_id"] = empresa_id
        if propriedades is not UNSET:
            field_dict["propriedades"] = propriedades

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.property_ import Property # noqa: PLC0415
        d = dict(src_dict)
        config_automatica = d.pop("config_automatica", UNSET)

        def _parse_contexto_fiscal(data: object) -> None | ProducerUpdateContextoFiscalType1 | ProducerUpdateContextoFiscalType2Type1 | ProducerUpdateContextoFiscalType3Type1 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                contexto_fiscal_type_1 = ProducerUpdateContextoFiscalType1(data)



                return contexto_fiscal_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                contexto_fiscal_type_2_type_1 = ProducerUpdateContextoFiscalType2Type1(data)



                return contexto_fiscal_type_2_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                contexto_fiscal_type_3_type_1 = ProducerUpdateContextoFiscalType3Type1(data)



                return contexto_fiscal_type_3_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ProducerUpdateContextoFiscalType1 | ProducerUpdateContextoFiscalType2Type1 | ProducerUpdateContextoFiscalType3Type1 | Unset, data)

        contexto_fiscal = _parse_contexto_fiscal(d.pop("contexto_fiscal", UNSET))


        empresa = d.pop("empresa", UNSET)

        empresa_id = d.pop("empresa_id", UNSET)

        _propriedades = d.pop("propriedades", UNSET)
        propriedades: list[Property] | Unset = UNSET
        if _propriedades is not UNSET:
            propriedades = []
            for propriedades_item_data in _propriedades:
                propriedades_item = Property.from_dict(propriedades_item_data)



                propriedades.append(propriedades_item)


        producer_update = cls(
            config_automatica=config_automatica,
            contexto_fiscal=contexto_fiscal,
            empresa=empresa,
            empresa_id=empresa_id,
            propriedades=propriedades,
        )

        return producer_update

