"""DACTE OS: the PDF of an authorized CT-e OS (model 67), drawn with fpdf2 from its `cteOSProc`.

brazilfiscalreport draws the model 57 DACTE only (docs "CT-e and CT-e OS"), so the DACTE OS
is drawn here, in the library's style (Times, captioned boxes, A4 portrait, 5 mm margins) and
with the blocks of the MOC CT-e OS layout: issuer and document identification, the 44-digit key
with its CODE-128C barcode and the QR code, the authorization protocol, service type, CFOP,
start and end of the service, taker, service, value components, ICMS (and IBS/CBS when the
document has them), referenced documents, observations and the road modal (TAF or state
registration, vehicle). Homologation documents carry "SEM VALOR FISCAL"; a cancelled one a
CANCELADO watermark; one issued in contingency (tpEmis 2, 7, 8) the stamp "EMITIDA EM
CONTINGÊNCIA" of the other PDFs (`documents.pdf.draw_contingency_stamp`). As for the other PDFs,
the XML first goes through our hardened parser.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import qrcode
from fpdf import FPDF

from documents.cte.code128 import bar_runs, code128c_modules
from documents.cte.dacte_os_data import DacteOsData, Party, read_dacte_os
from documents.errors import DocumentError, PdfRenderError
from documents.pdf import contingency_lines, draw_contingency_stamp
from documents.xml import parse_untrusted

FONT = "Times"
MARGIN = 5.0
WIDTH = 200.0  # A4 width less the margins
LABEL_SIZE = 5.5
VALUE_SIZE = 8.0
ROW = 8.0  # height of a one-line captioned box
PRODUCTION = "1"
TITLE = "Documento Auxiliar do Conhecimento de Transporte Eletrônico para Outros Serviços"

Field = tuple[str, str, float]  # caption, value, width in mm


def render_dacte_os(cteosproc_xml: bytes, *, cancelled: bool = False) -> bytes:
    """The DACTE OS PDF of an authorized CT-e OS; pass the `cteOSProc` (CTeOS + protCTe).

    Raises `PdfRenderError` for anything that is not a readable authorized CT-e OS."""
    try:
        root = parse_untrusted(cteosproc_xml)
    except DocumentError as exc:
        raise PdfRenderError(f"{type(exc).__name__}: {exc}") from exc
    data = read_dacte_os(root)
    try:
        sheet = _Sheet(data.key)
        _draw(sheet, data)
        sheet.watermark(data.tp_amb, cancelled=cancelled)
        sheet.contingency_stamp(contingency_lines(data.tp_emis))
        return bytes(sheet.output())
    except PdfRenderError:
        raise
    except Exception as exc:  # fpdf2 and qrcode raise what they meet
        raise PdfRenderError(f"{type(exc).__name__}: {exc}") from exc


def _draw(sheet: _Sheet, data: DacteOsData) -> None:
    _header(sheet, data)
    _taker(sheet, data.taker)
    _service(sheet, data)
    _values(sheet, data)
    _taxes(sheet, data)
    if data.references:
        sheet.section("DOCUMENTOS REFERENCIADOS")
        sheet.text_box("DOCUMENTOS ORIGINÁRIOS", "\n".join(data.references))
    sheet.section("OBSERVAÇÕES")
    sheet.text_box("OBSERVAÇÕES GERAIS", data.observations, min_height=12)
    _road(sheet, data)
    sheet.row([("USO EXCLUSIVO DO EMISSOR DO CT-E", "", 120), ("RESERVADO AO FISCO", "", 80)],
              height=14)  # fmt: skip


def _header(sheet: _Sheet, data: DacteOsData) -> None:
    top = sheet.y
    sheet.issuer(data.issuer, MARGIN, top, 80, 32)
    sheet.title_box(85, top, 85, 14)
    sheet.row_at(85, top + 14, [
        ("MODAL", "RODOVIÁRIO", 20), ("MODELO", data.model, 11), ("SÉRIE", data.series, 10),
        ("NÚMERO", data.number, 16), ("DATA E HORA DE EMISSÃO", data.issued_at, 28),
    ], ROW + 1)  # fmt: skip
    sheet.row_at(85, top + 23, [
        ("TIPO DO CT-E", data.tp_cte, 42), ("TIPO DO SERVIÇO", data.tp_serv, 43),
    ], ROW + 1)  # fmt: skip
    sheet.qr_code(data.qr_code, 170, top, 35, 32)
    sheet.barcode(data.key, MARGIN, top + 32, 110, 16)
    sheet.row_at(115, top + 32, [("CHAVE DE ACESSO", grouped_key(data.key), 90)], ROW, bold=True)
    sheet.row_at(115, top + 40, [("PROTOCOLO DE AUTORIZAÇÃO DE USO", data.protocol, 90)], ROW)
    sheet.set_y(top + 48)
    sheet.row([("CFOP - NATUREZA DA PRESTAÇÃO", data.cfop_nat_op, WIDTH)])
    sheet.row([
        ("INÍCIO DA PRESTAÇÃO", data.start, 75), ("TÉRMINO DA PRESTAÇÃO", data.end, 75),
        ("PERCURSO (UF)", data.route, 50),
    ])  # fmt: skip


def grouped_key(key: str) -> str:
    """The access key in groups of four digits, as the DACTE prints it."""
    return " ".join(key[i : i + 4] for i in range(0, len(key), 4))


def _taker(sheet: _Sheet, taker: Party) -> None:
    sheet.section("TOMADOR DO SERVIÇO")
    sheet.row([
        ("NOME / RAZÃO SOCIAL", taker.name, 120), ("CNPJ / CPF", taker.registration, 45),
        ("INSCRIÇÃO ESTADUAL", taker.ie, 35),
    ])  # fmt: skip
    sheet.row([
        ("ENDEREÇO", taker.address, 95), ("MUNICÍPIO", taker.city, 45), ("UF", taker.uf, 10),
        ("CEP", taker.cep, 20), ("FONE", taker.phone, 30),
    ])  # fmt: skip


def _service(sheet: _Sheet, data: DacteOsData) -> None:
    sheet.section("INFORMAÇÕES DA PRESTAÇÃO DO SERVIÇO")
    sheet.row([
        ("QUANTIDADE", data.quantity, 30),
        ("DESCRIÇÃO DO SERVIÇO PRESTADO", data.description, 170),
    ])  # fmt: skip


def _values(sheet: _Sheet, data: DacteOsData) -> None:
    """Components in pairs of columns (name, value), then the total and the amount due."""
    sheet.section("COMPONENTES DO VALOR DA PRESTAÇÃO DO SERVIÇO")
    pairs = list(data.components)
    for start in range(0, len(pairs), 4):
        chunk = pairs[start : start + 4]
        fields: list[Field] = []
        for name, value in chunk:
            fields += [("NOME", name, 30), ("VALOR", value, 20)]
        if len(chunk) < 4:
            fields.append(("", "", 50.0 * (4 - len(chunk))))
        sheet.row(fields)
    sheet.row([
        ("VALOR TOTAL DA PRESTAÇÃO DO SERVIÇO", data.total, 100),
        ("VALOR A RECEBER", data.receivable, 100),
    ], bold=True)  # fmt: skip


def _taxes(sheet: _Sheet, data: DacteOsData) -> None:
    icms = data.icms
    sheet.section("INFORMAÇÕES RELATIVAS AO IMPOSTO")
    sheet.row([
        ("SITUAÇÃO TRIBUTÁRIA", icms.situation, 62), ("BASE DE CÁLCULO", icms.base, 28),
        ("ALÍQ. ICMS (%)", icms.rate, 20), ("VALOR DO ICMS", icms.value, 28),
        ("% RED. BC", icms.reduction, 17),
        ("VALOR APROX. DOS TRIBUTOS", icms.approximate_total, 45),
    ])  # fmt: skip
    tax = data.ibs_cbs
    if tax is not None:
        sheet.row([
            ("CST IBS/CBS", tax.cst, 22), ("CCLASSTRIB", tax.c_class_trib, 22),
            ("BASE IBS/CBS", tax.base, 28), ("IBS UF (% / R$)", tax.ibs_uf, 42),
            ("IBS MUNICIPAL (% / R$)", tax.ibs_mun, 43), ("CBS (% / R$)", tax.cbs, 43),
        ])  # fmt: skip


def _road(sheet: _Sheet, data: DacteOsData) -> None:
    road = data.road
    sheet.section("INFORMAÇÕES ESPECÍFICAS DO MODAL RODOVIÁRIO")
    authorization = (
        ("TERMO DE AUTORIZAÇÃO DE FRETAMENTO (TAF)", road.taf, 60)
        if road.taf or not road.state_registration
        else ("Nº DE REGISTRO ESTADUAL", road.state_registration, 60)
    )
    sheet.row([
        authorization, ("PLACA DO VEÍCULO", road.plate, 30), ("UF", road.vehicle_uf, 10),
        ("RENAVAM", road.renavam, 35), ("FRETAMENTO", road.charter, 65),
    ])  # fmt: skip


def _latin(text: str) -> str:
    """What the core fonts can print (cp1252); anything else becomes `?` rather than failing."""
    return text.encode("cp1252", "replace").decode("cp1252")


class _Sheet(FPDF):
    """fpdf2 with captioned boxes drawn on a vertical cursor; a row that would cross the bottom
    margin starts a new page."""

    def __init__(self, key: str) -> None:
        super().__init__(orientation="P", unit="mm", format="A4")
        self.key = key
        self.core_fonts_encoding = "cp1252"
        self.set_margins(MARGIN, MARGIN, MARGIN)
        self.set_auto_page_break(auto=False, margin=MARGIN)
        self.set_title("DACTE OS")
        self.set_line_width(0.2)
        self.add_page()

    def header(self) -> None:
        """fpdf2 calls this on every new page: a continuation page names its document."""
        if self.page == 1:
            return
        self.set_font(FONT, "B", 7)
        text = f"DACTE OS - CHAVE DE ACESSO {grouped_key(self.key)} - FOLHA {self.page}"
        self.cell(WIDTH, 5, text, border=1, align="C", new_x="LMARGIN", new_y="NEXT")

    # cursor and page flow

    def _room(self, height: float) -> None:
        if self.y + height > self.h - MARGIN:
            self.add_page()

    def section(self, title: str) -> None:
        self._room(4 + ROW)
        self.set_font(FONT, "B", 7)
        self.set_xy(MARGIN, self.y + 1)
        self.cell(WIDTH, 4, _latin(title), border=1, align="C")
        self.set_y(self.y + 4)

    def row(self, fields: Sequence[Field], height: float = ROW, *, bold: bool = False) -> None:
        self._room(height)
        top = self.y
        self.row_at(MARGIN, top, fields, height, bold=bold)
        self.set_y(top + height)

    def row_at(
        self, x: float, y: float, fields: Sequence[Field], height: float, *, bold: bool = False
    ) -> None:
        for caption, value, width in fields:
            self.field(x, y, width, height, caption, value, bold=bold)
            x += width

    def field(
        self, x: float, y: float, w: float, h: float, caption: str, value: str, *, bold: bool
    ) -> None:
        self.rect(x, y, w, h)
        self.set_font(FONT, "", LABEL_SIZE)
        self.set_xy(x + 0.5, y + 0.4)
        self.cell(w - 1, 2.4, self._fit(caption, w - 1))
        self.set_font(FONT, "B" if bold else "", VALUE_SIZE)
        self.set_xy(x + 0.5, y + h - 4.6)
        self.cell(w - 1, 4, self._fit(value, w - 1))

    def text_box(self, caption: str, text: str, *, min_height: float = ROW) -> None:
        """A full-width box whose text wraps; as tall as the text needs."""
        self.set_font(FONT, "", VALUE_SIZE)
        lines: list[str] = self.multi_cell(  # type: ignore[assignment]  # output="LINES"
            WIDTH - 1, 3.6, _latin(text), dry_run=True, output="LINES"
        )
        height = max(min_height, 3.6 * len(lines) + 4)
        self._room(height)
        top = self.y
        self.rect(MARGIN, top, WIDTH, height)
        self.set_font(FONT, "", LABEL_SIZE)
        self.set_xy(MARGIN + 0.5, top + 0.4)
        self.cell(WIDTH - 1, 2.4, _latin(caption))
        self.set_font(FONT, "", VALUE_SIZE)
        self.set_xy(MARGIN + 0.5, top + 3)
        self.multi_cell(WIDTH - 1, 3.6, _latin(text))
        self.set_y(top + height)

    def _fit(self, text: str, width: float) -> str:
        """One line that fits `width` at the current font; the end is cut, never overflowing."""
        text = _latin(text)
        if self.get_string_width(text) <= width:
            return text
        while text and self.get_string_width(text + "...") > width:
            text = text[:-1]
        return text + "..."

    # header blocks

    def issuer(self, issuer: Party, x: float, y: float, w: float, h: float) -> None:
        self.rect(x, y, w, h)
        self.set_font(FONT, "B", 9)
        self.set_xy(x + 1, y + 2)
        self.multi_cell(w - 2, 4, _latin(issuer.name), align="C", max_line_height=4)
        lines = [
            issuer.address,
            f"{issuer.city} - {issuer.uf} - CEP {issuer.cep}",
            f"CNPJ/CPF: {issuer.registration}",
            f"INSCRIÇÃO ESTADUAL: {issuer.ie}",
            f"FONE: {issuer.phone}" if issuer.phone else "",
        ]
        self.set_font(FONT, "", 7)
        for line in lines:
            self.set_x(x + 1)
            self.cell(w - 2, 3.4, self._fit(line, w - 2), align="C", new_x="LMARGIN", new_y="NEXT")

    def title_box(self, x: float, y: float, w: float, h: float) -> None:
        self.rect(x, y, w, h)
        self.set_font(FONT, "B", 12)
        self.set_xy(x, y + 1)
        self.cell(w, 5, "DACTE OS", align="C")
        self.set_font(FONT, "", 6.5)
        self.set_xy(x + 2, y + 6.5)
        self.multi_cell(w - 4, 3, _latin(TITLE), align="C")

    def qr_code(self, content: str, x: float, y: float, w: float, h: float) -> None:
        self.rect(x, y, w, h)
        if not content:
            return
        code = qrcode.QRCode(error_correction=qrcode.constants.ERROR_CORRECT_M, border=1)
        code.add_data(content)
        code.make(fit=True)
        image: Any = code.make_image(fill_color="black", back_color="white")
        side = min(w, h) - 2
        self.image(image.get_image(), x=x + (w - side) / 2, y=y + (h - side) / 2, w=side, h=side)

    def barcode(self, key: str, x: float, y: float, w: float, h: float) -> None:
        """The key in CODE-128C, centered in its box with quiet zones of at least 10 modules."""
        self.rect(x, y, w, h)
        modules = code128c_modules(key)
        module = (w - 6) / (len(modules) + 20)
        left = x + (w - module * len(modules)) / 2
        for start, width in bar_runs(modules):
            self.rect(left + start * module, y + 2, width * module, h - 4, style="F")

    def watermark(self, tp_amb: str, *, cancelled: bool) -> None:
        """CANCELADO on a cancelled document, SEM VALOR FISCAL outside production, on every
        page, over the content in a light colour (as brazilfiscalreport does)."""
        marks = (["CANCELADO"] if cancelled else []) + (
            [] if tp_amb == PRODUCTION else ["SEM VALOR FISCAL"]
        )
        for page in range(1, self.pages_count + 1):
            self.page = page
            for offset, mark in enumerate(marks):
                size = 60 if mark == "CANCELADO" else 44
                self.set_font(FONT, "B", size)
                self.set_text_color(220, 150, 150)
                width = self.get_string_width(mark)
                cx, cy = self.w / 2, self.h / 2 + offset * 40 - (len(marks) - 1) * 20
                with self.rotation(55, cx, cy):
                    self.text(cx - width / 2, cy + size * 0.125, mark)
        self.set_text_color(0, 0, 0)

    def contingency_stamp(self, lines: tuple[str, ...]) -> None:
        """The contingency stamp on every page, as `watermark` draws its marks."""
        if not lines:
            return
        for page in range(1, self.pages_count + 1):
            self.page = page
            draw_contingency_stamp(self, tuple(_latin(line) for line in lines), FONT)
