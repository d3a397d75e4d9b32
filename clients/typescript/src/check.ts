// Compiled by `tsc --noEmit` in CI (.ci/run): the first document of each family, as the guides
// send it, typed with the generated schema.d.ts. If the API's schema stops accepting what the
// guides send (or an answer loses a field a client reads), this file stops compiling.
import type { components, paths } from "./schema";

type Schemas = components["schemas"];
type Body<P extends keyof paths> = paths[P] extends {
  post: { requestBody?: { content: { "application/json": infer B } } };
}
  ? B
  : never;

export const nfe: Body<"/api/v1/nfe"> = {
  empresa: "DEMO",
  pedido: "GUIA-NFE-1",
  cliente: "C001",
  itens: [
    { codigo: "P001", quantidade: 3 },
    { codigo: "P002", quantidade: 1, desconto: "1.90" },
  ],
  pagamento: "pix",
};

export const nfce: Body<"/api/v1/nfce"> = {
  empresa: "DEMO",
  pedido: "GUIA-CUPOM-1",
  itens: [{ codigo: "P001", quantidade: 2 }],
  pagamento: [
    { forma: "cartao_debito", valor: "20.00" },
    { forma: "dinheiro", valor: "10.00" },
  ],
};

export const nfse: Body<"/api/v1/nfse"> = {
  empresa: "DEMO",
  pedido: "GUIA-OS-1",
  servico: { codigo: "S001" },
  tomador: "C001",
};

export const cte: Body<"/api/v1/cte"> = {
  empresa: "DEMO",
  pedido: "GUIA-FRETE-1",
  tomador: "remetente",
  remetente: "C003",
  destinatario: "C001",
  valor_prestacao: "480.00",
  componentes: [{ nome: "FRETE PESO", valor: "430.00" }],
  carga: { valor: "756.00", produto: "Cadernos", peso_kg: "60" },
  documentos: ["35260111222333000181550010000000011100000013"],
  fiscal: { tipo_estabelecimento_tomador: "industrial" },
};

export const cteos: Body<"/api/v1/cteos"> = {
  empresa: "DEMO",
  pedido: "GUIA-FRETAMENTO-1",
  tomador: "C001",
  servico: { tipo: "transporte_pessoas", descricao: "Fretamento eventual", quantidade: "14" },
  origem: { cod_municipio: "3550308", municipio: "São Paulo", uf: "SP" },
  destino: { cod_municipio: "3509502", municipio: "Campinas", uf: "SP" },
  valor_prestacao: "1200.00",
  veiculo: "FRT3B45",
  fretamento: { tipo: "eventual" },
};

export const mdfe: Body<"/api/v1/mdfe"> = {
  empresa: "DEMO",
  pedido: "GUIA-VIAGEM-1",
  veiculo: "DMO1A23",
  condutores: ["39053344705"],
  documentos: [{ cte_id: "doc_0123" }],
  carga: { peso_kg: "80", tipo: "05", produto: "Canetas" },
  percurso: {
    carregamento: { cod_municipio: "3550308", municipio: "São Paulo", cep: "01001000" },
    descarregamento_cep: "13012100",
  },
};

/** What an ERP reads from an issuance answer. */
export function summary(answer: Schemas["EnvelopeDocument"]): string {
  const status: "AUTORIZADA" | "REJEITADA" | string | undefined = answer.status;
  return `${answer.chave ?? "-"} ${status ?? "-"}`;
}

/** A validation error names the request's field. */
export function fields(error: Schemas["ErrorEnvelope"]): string[] {
  return (error.error.errors ?? []).map((entry) => entry.field);
}
