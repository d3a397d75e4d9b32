"""`frete` of a request as the layout's `transp`: modality, carrier, vehicle, trailers, volumes."""

from __future__ import annotations

from typing import Any

from documents.nfe import model as doc
from service.errors import invalid_field


def _carrier(raw: dict[str, Any] | None) -> doc.Carrier | None:
    if not raw:
        return None
    address = raw.get("endereco") or {}
    line = ", ".join(part for part in (address.get("logradouro"), address.get("numero")) if part)
    if address.get("bairro"):
        line = f"{line} - {address['bairro']}" if line else address["bairro"]
    if raw.get("ie") and not address.get("uf"):
        raise invalid_field(
            "frete.transportadora.endereco.uf",
            "Informe a UF da transportadora: a IE é da UF (sem ela a SEFAZ rejeita, 559).",
        )
    return doc.Carrier(
        registration=raw.get("cpf_cnpj"),
        name=raw.get("nome"),
        ie=raw.get("ie"),
        address=line[:60] or None,
        city=address.get("municipio"),
        uf=address.get("uf"),
    )


def _vehicle(raw: dict[str, Any]) -> doc.Vehicle:
    return doc.Vehicle(plate=raw["placa"], uf=raw.get("uf"), rntc=raw.get("rntc"))


def _volume(raw: dict[str, Any]) -> doc.Volume:
    return doc.Volume(
        quantity=raw.get("quantidade"),
        kind=raw.get("especie"),
        brand=raw.get("marca"),
        numbering=raw.get("numeracao"),
        net_weight=raw.get("peso_liquido"),
        gross_weight=raw.get("peso_bruto"),
    )


def transport(
    raw: dict[str, Any] | None, id_dest: doc.IdDest, modelo: str, presence: doc.IndPres
) -> doc.Transport:
    """The `transp` group; no `frete` is "no freight" (modFrete 9)."""
    if not raw:
        return doc.Transport(mod_frete=doc.ModFrete.SEM_FRETE)
    delivery = presence is doc.IndPres.ENTREGA_DOMICILIO
    if modelo == doc.Modelo.NFCE and raw.get("transportadora") and not delivery:
        raise invalid_field(
            "frete.transportadora",
            'Na NFC-e a transportadora só se informa na entrega em domicílio (presenca "entrega").',
        )
    vehicle = _vehicle(raw["veiculo"]) if raw.get("veiculo") else None
    trailers = tuple(_vehicle(entry) for entry in raw.get("reboques") or ())
    if (vehicle or trailers) and id_dest is doc.IdDest.INTERESTADUAL:
        raise invalid_field(
            "frete.veiculo",
            "Veículo e reboques não são informados numa operação interestadual (rejeição 868): "
            "retire `veiculo` e `reboques`.",
        )
    if (vehicle or trailers) and modelo == doc.Modelo.NFCE:
        raise invalid_field("frete.veiculo", "A NFC-e não leva veículo nem reboques.")
    return doc.Transport(
        mod_frete=doc.ModFrete(str(raw["modalidade"])),
        carrier=_carrier(raw.get("transportadora")),
        vehicle=vehicle,
        trailers=trailers,
        volumes=tuple(_volume(entry) for entry in raw.get("volumes") or ()),
    )
