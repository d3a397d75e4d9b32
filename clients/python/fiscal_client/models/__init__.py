""" Contains all the data models used in inputs/outputs """

from .add_driver_request import AddDriverRequest
from .addition import Addition
from .address import Address
from .api_key import ApiKey
from .api_key_create import ApiKeyCreate
from .api_key_create_escopos_type_0_item import ApiKeyCreateEscoposType0Item
from .api_key_create_modo import ApiKeyCreateModo
from .api_key_create_tipo import ApiKeyCreateTipo
from .api_key_tipo import ApiKeyTipo
from .attempt_record import AttemptRecord
from .audit_entry import AuditEntry
from .authority import Authority
from .authority_ambiente import AuthorityAmbiente
from .authority_status import AuthorityStatus
from .automatic import Automatic
from .automatic_answer import AutomaticAnswer
from .automatic_answer_atualizados import AutomaticAnswerAtualizados
from .automatic_answer_criados import AutomaticAnswerCriados
from .automatic_apuracao import AutomaticApuracao
from .base_rule import BaseRule
from .base_rule_condicao_type_0 import BaseRuleCondicaoType0
from .base_rule_criterios import BaseRuleCriterios
from .base_rule_resultado import BaseRuleResultado
from .base_rule_update import BaseRuleUpdate
from .base_rule_update_condicao_type_0 import BaseRuleUpdateCondicaoType0
from .base_rule_update_criterios import BaseRuleUpdateCriterios
from .base_rule_update_resultado import BaseRuleUpdateResultado
from .base_rule_update_tipo import BaseRuleUpdateTipo
from .base_rule_write import BaseRuleWrite
from .base_rule_write_condicao_type_0 import BaseRuleWriteCondicaoType0
from .base_rule_write_criterios import BaseRuleWriteCriterios
from .base_rule_write_resultado import BaseRuleWriteResultado
from .base_rule_write_tipo import BaseRuleWriteTipo
from .calculation_request import CalculationRequest
from .calculation_request_contexto_type_1 import CalculationRequestContextoType1
from .calculation_request_contexto_type_2_type_1 import CalculationRequestContextoType2Type1
from .calculation_request_contexto_type_3_type_1 import CalculationRequestContextoType3Type1
from .calculation_request_documento import CalculationRequestDocumento
from .calculation_request_operacao import CalculationRequestOperacao
from .cancel_request import CancelRequest
from .candidate_rule import CandidateRule
from .candidate_rule_condicao_type_0 import CandidateRuleCondicaoType0
from .candidate_rule_criterios import CandidateRuleCriterios
from .candidate_rule_resultado import CandidateRuleResultado
from .candidate_rule_tipo import CandidateRuleTipo
from .card import Card
from .card_tipo_integracao import CardTipoIntegracao
from .carrier import Carrier
from .carrier_address import CarrierAddress
from .certificate_form import CertificateForm
from .certificate_status import CertificateStatus
from .certificate_status_status import CertificateStatusStatus
from .certificate_upload import CertificateUpload
from .charter import Charter
from .charter_tipo import CharterTipo
from .close_request import CloseRequest
from .cnpj_lookup import CnpjLookup
from .cnpj_lookup_data import CnpjLookupData
from .company import Company
from .component import Component
from .correction import Correction
from .correction_request import CorrectionRequest
from .cte_cancel_request import CteCancelRequest
from .cte_cargo import CteCargo
from .cte_correction_request import CteCorrectionRequest
from .cte_document import CteDocument
from .cte_issue_request import CteIssueRequest
from .cte_issue_request_tomador_type_0 import CteIssueRequestTomadorType0
from .cte_links import CteLinks
from .cte_os_document import CteOsDocument
from .cte_os_issue_request import CteOsIssueRequest
from .cte_os_preview_request import CteOsPreviewRequest
from .cte_os_reference import CteOsReference
from .cte_os_service import CteOsService
from .cte_os_service_tipo import CteOsServiceTipo
from .cte_os_vehicle import CteOsVehicle
from .cte_place import CtePlace
from .cte_preview_request import CtePreviewRequest
from .cte_preview_request_tomador_type_0 import CtePreviewRequestTomadorType0
from .cursor import Cursor
from .cursor_familia import CursorFamilia
from .customer import Customer
from .customer_indicador_ie_type_1 import CustomerIndicadorIeType1
from .customer_indicador_ie_type_2_type_1 import CustomerIndicadorIeType2Type1
from .customer_indicador_ie_type_3_type_1 import CustomerIndicadorIeType3Type1
from .customer_record import CustomerRecord
from .customer_update_parcial import CustomerUpdateParcial
from .customer_update_parcial_indicador_ie_type_1 import CustomerUpdateParcialIndicadorIeType1
from .customer_update_parcial_indicador_ie_type_2_type_1 import CustomerUpdateParcialIndicadorIeType2Type1
from .customer_update_parcial_indicador_ie_type_3_type_1 import CustomerUpdateParcialIndicadorIeType3Type1
from .delete_api_v1_configuracao_fiscal_contingencia_modelo import DeleteApiV1ConfiguracaoFiscalContingenciaModelo
from .delivery_record import DeliveryRecord
from .dfe_settings import DfeSettings
from .disagreement import Disagreement
from .disagreement_request import DisagreementRequest
from .document import Document
from .document_ambiente import DocumentAmbiente
from .document_contingency import DocumentContingency
from .document_contingency_tipo import DocumentContingencyTipo
from .document_modelo import DocumentModelo
from .document_status import DocumentStatus
from .driver import Driver
from .driver_record import DriverRecord
from .driver_update_parcial import DriverUpdateParcial
from .ecf import Ecf
from .ecf_modelo import EcfModelo
from .enter import Enter
from .enter_modelo import EnterModelo
from .enter_tipo import EnterTipo
from .envelope_api_key_created import EnvelopeApiKeyCreated
from .envelope_api_key_list import EnvelopeApiKeyList
from .envelope_api_key_revoked import EnvelopeApiKeyRevoked
from .envelope_audit_log import EnvelopeAuditLog
from .envelope_authority_list import EnvelopeAuthorityList
from .envelope_automatic_answer import EnvelopeAutomaticAnswer
from .envelope_automatic_answer_atualizados import EnvelopeAutomaticAnswerAtualizados
from .envelope_automatic_answer_criados import EnvelopeAutomaticAnswerCriados
from .envelope_balance import EnvelopeBalance
from .envelope_base_rule_created import EnvelopeBaseRuleCreated
from .envelope_base_rule_deleted import EnvelopeBaseRuleDeleted
from .envelope_base_rule_item import EnvelopeBaseRuleItem
from .envelope_base_rule_list import EnvelopeBaseRuleList
from .envelope_calculation import EnvelopeCalculation
from .envelope_calculation_classifications import EnvelopeCalculationClassifications
from .envelope_calculation_document import EnvelopeCalculationDocument
from .envelope_calculation_explain_item import EnvelopeCalculationExplainItem
from .envelope_calculation_missing_item import EnvelopeCalculationMissingItem
from .envelope_calculation_rules_used_item import EnvelopeCalculationRulesUsedItem
from .envelope_calculation_taxes import EnvelopeCalculationTaxes
from .envelope_calculation_warnings_item import EnvelopeCalculationWarningsItem
from .envelope_certificate_answer import EnvelopeCertificateAnswer
from .envelope_cnpj_lookup_result import EnvelopeCnpjLookupResult
from .envelope_cnpj_lookup_result_origem import EnvelopeCnpjLookupResultOrigem
from .envelope_company_item import EnvelopeCompanyItem
from .envelope_company_list import EnvelopeCompanyList
from .envelope_cte_document import EnvelopeCteDocument
from .envelope_cte_document_list import EnvelopeCteDocumentList
from .envelope_cte_os_document import EnvelopeCteOsDocument
from .envelope_cte_os_document_list import EnvelopeCteOsDocumentList
from .envelope_cte_registered_event import EnvelopeCteRegisteredEvent
from .envelope_customer_answer import EnvelopeCustomerAnswer
from .envelope_customer_list import EnvelopeCustomerList
from .envelope_delivery_answer import EnvelopeDeliveryAnswer
from .envelope_delivery_list import EnvelopeDeliveryList
from .envelope_dfe_settings_answer import EnvelopeDfeSettingsAnswer
from .envelope_document import EnvelopeDocument
from .envelope_document_ambiente import EnvelopeDocumentAmbiente
from .envelope_document_list import EnvelopeDocumentList
from .envelope_document_modelo import EnvelopeDocumentModelo
from .envelope_document_status import EnvelopeDocumentStatus
from .envelope_driver_answer import EnvelopeDriverAnswer
from .envelope_driver_list import EnvelopeDriverList
from .envelope_event_list import EnvelopeEventList
from .envelope_family_preview import EnvelopeFamilyPreview
from .envelope_family_preview_classifications import EnvelopeFamilyPreviewClassifications
from .envelope_family_preview_document import EnvelopeFamilyPreviewDocument
from .envelope_family_preview_dps_validacao_item import EnvelopeFamilyPreviewDpsValidacaoItem
from .envelope_family_preview_explain_item import EnvelopeFamilyPreviewExplainItem
from .envelope_family_preview_missing_item import EnvelopeFamilyPreviewMissingItem
from .envelope_family_preview_rules_used_item import EnvelopeFamilyPreviewRulesUsedItem
from .envelope_family_preview_taxes import EnvelopeFamilyPreviewTaxes
from .envelope_family_preview_violacoes_item import EnvelopeFamilyPreviewViolacoesItem
from .envelope_family_preview_warnings_item import EnvelopeFamilyPreviewWarningsItem
from .envelope_history import EnvelopeHistory
from .envelope_issued_document import EnvelopeIssuedDocument
from .envelope_issued_document_ambiente import EnvelopeIssuedDocumentAmbiente
from .envelope_issuer_answer import EnvelopeIssuerAnswer
from .envelope_issuer_created import EnvelopeIssuerCreated
from .envelope_mdfe_document import EnvelopeMdfeDocument
from .envelope_mdfe_document_list import EnvelopeMdfeDocumentList
from .envelope_mdfe_registered_event import EnvelopeMdfeRegisteredEvent
from .envelope_nature_answer import EnvelopeNatureAnswer
from .envelope_nature_list import EnvelopeNatureList
from .envelope_nfse_document import EnvelopeNfseDocument
from .envelope_nfse_document_ambiente import EnvelopeNfseDocumentAmbiente
from .envelope_nfse_document_detalhes_item import EnvelopeNfseDocumentDetalhesItem
from .envelope_nfse_document_list import EnvelopeNfseDocumentList
from .envelope_nfse_document_status import EnvelopeNfseDocumentStatus
from .envelope_nfse_registered_event import EnvelopeNfseRegisteredEvent
from .envelope_nfse_registered_event_ambiente import EnvelopeNfseRegisteredEventAmbiente
from .envelope_nfse_registered_event_detalhes_item import EnvelopeNfseRegisteredEventDetalhesItem
from .envelope_nfse_registered_event_status import EnvelopeNfseRegisteredEventStatus
from .envelope_open_manifest_list import EnvelopeOpenManifestList
from .envelope_overview import EnvelopeOverview
from .envelope_overview_etapas import EnvelopeOverviewEtapas
from .envelope_overview_pronta_para_emitir_modelos import EnvelopeOverviewProntaParaEmitirModelos
from .envelope_packs import EnvelopePacks
from .envelope_packs_regras_empresa import EnvelopePacksRegrasEmpresa
from .envelope_pending_list import EnvelopePendingList
from .envelope_period import EnvelopePeriod
from .envelope_period_encerrado_por import EnvelopePeriodEncerradoPor
from .envelope_period_origem import EnvelopePeriodOrigem
from .envelope_period_tipo import EnvelopePeriodTipo
from .envelope_preference import EnvelopePreference
from .envelope_preview import EnvelopePreview
from .envelope_preview_classifications import EnvelopePreviewClassifications
from .envelope_preview_explain_item import EnvelopePreviewExplainItem
from .envelope_preview_missing_item import EnvelopePreviewMissingItem
from .envelope_preview_rules_used_item import EnvelopePreviewRulesUsedItem
from .envelope_preview_taxes import EnvelopePreviewTaxes
from .envelope_preview_warnings_item import EnvelopePreviewWarningsItem
from .envelope_producer_answer import EnvelopeProducerAnswer
from .envelope_producer_created import EnvelopeProducerCreated
from .envelope_product_answer import EnvelopeProductAnswer
from .envelope_product_list import EnvelopeProductList
from .envelope_received import EnvelopeReceived
from .envelope_received_ambiente import EnvelopeReceivedAmbiente
from .envelope_received_list import EnvelopeReceivedList
from .envelope_received_manifestacao import EnvelopeReceivedManifestacao
from .envelope_received_situacao import EnvelopeReceivedSituacao
from .envelope_received_tipo import EnvelopeReceivedTipo
from .envelope_registered_event import EnvelopeRegisteredEvent
from .envelope_registered_event_ambiente import EnvelopeRegisteredEventAmbiente
from .envelope_registered_event_modelo import EnvelopeRegisteredEventModelo
from .envelope_registered_event_status import EnvelopeRegisteredEventStatus
from .envelope_rule_answer import EnvelopeRuleAnswer
from .envelope_rule_list import EnvelopeRuleList
from .envelope_service_answer import EnvelopeServiceAnswer
from .envelope_service_list import EnvelopeServiceList
from .envelope_settings_answer import EnvelopeSettingsAnswer
from .envelope_simulation import EnvelopeSimulation
from .envelope_simulation_links import EnvelopeSimulationLinks
from .envelope_simulation_resultado_type_0 import EnvelopeSimulationResultadoType0
from .envelope_simulation_status import EnvelopeSimulationStatus
from .envelope_statement import EnvelopeStatement
from .envelope_task import EnvelopeTask
from .envelope_task_links import EnvelopeTaskLinks
from .envelope_task_list import EnvelopeTaskList
from .envelope_task_status import EnvelopeTaskStatus
from .envelope_test_event_answer import EnvelopeTestEventAnswer
from .envelope_validation import EnvelopeValidation
from .envelope_validation_classifications import EnvelopeValidationClassifications
from .envelope_validation_explain_item import EnvelopeValidationExplainItem
from .envelope_validation_missing_item import EnvelopeValidationMissingItem
from .envelope_validation_rules_used_item import EnvelopeValidationRulesUsedItem
from .envelope_validation_taxes import EnvelopeValidationTaxes
from .envelope_validation_warnings_item import EnvelopeValidationWarningsItem
from .envelope_vehicle_answer import EnvelopeVehicleAnswer
from .envelope_vehicle_list import EnvelopeVehicleList
from .envelope_voiding import EnvelopeVoiding
from .envelope_wallet_status import EnvelopeWalletStatus
from .envelope_wallet_status_precos import EnvelopeWalletStatusPrecos
from .envelope_webhook_answer import EnvelopeWebhookAnswer
from .envelope_webhook_created import EnvelopeWebhookCreated
from .envelope_webhook_list import EnvelopeWebhookList
from .envelope_webhook_rotated import EnvelopeWebhookRotated
from .error_body import ErrorBody
from .error_envelope import ErrorEnvelope
from .event import Event
from .export import Export
from .field_error import FieldError
from .fiscal import Fiscal
from .fiscal_tipo_estabelecimento_tomador import FiscalTipoEstabelecimentoTomador
from .foreign_address import ForeignAddress
from .foreign_party import ForeignParty
from .freight import Freight
from .freight_modalidade import FreightModalidade
from .get_api_v1_clientes_ativo import GetApiV1ClientesAtivo
from .get_api_v1_condutores_ativo import GetApiV1CondutoresAtivo
from .get_api_v1_configuracao_fiscal_iva_ativo import GetApiV1ConfiguracaoFiscalIvaAtivo
from .get_api_v1_configuracao_fiscal_naturezas_ativo import GetApiV1ConfiguracaoFiscalNaturezasAtivo
from .get_api_v1_configuracao_fiscal_regras_base_camada import GetApiV1ConfiguracaoFiscalRegrasBaseCamada
from .get_api_v1_configuracao_fiscal_regras_base_origem import GetApiV1ConfiguracaoFiscalRegrasBaseOrigem
from .get_api_v1_configuracao_fiscal_regras_base_tipo import GetApiV1ConfiguracaoFiscalRegrasBaseTipo
from .get_api_v1_configuracao_fiscal_tributacao_ativo import GetApiV1ConfiguracaoFiscalTributacaoAtivo
from .get_api_v1_dfe_recebidos_manifestacao import GetApiV1DfeRecebidosManifestacao
from .get_api_v1_dfe_recebidos_situacao import GetApiV1DfeRecebidosSituacao
from .get_api_v1_dfe_recebidos_tipo import GetApiV1DfeRecebidosTipo
from .get_api_v1_empresas_ativo import GetApiV1EmpresasAtivo
from .get_api_v1_financeiro_extrato_tipo import GetApiV1FinanceiroExtratoTipo
from .get_api_v1_fiscal_autoridades_modelo import GetApiV1FiscalAutoridadesModelo
from .get_api_v1_fiscal_contingencia_historico_modelo import GetApiV1FiscalContingenciaHistoricoModelo
from .get_api_v1_fiscal_contingencia_pendentes_modelo import GetApiV1FiscalContingenciaPendentesModelo
from .get_api_v1_fiscal_solicitacoes_documento import GetApiV1FiscalSolicitacoesDocumento
from .get_api_v1_fiscal_solicitacoes_status import GetApiV1FiscalSolicitacoesStatus
from .get_api_v1_produtos_ativo import GetApiV1ProdutosAtivo
from .get_api_v1_servicos_ativo import GetApiV1ServicosAtivo
from .get_api_v1_veiculos_ativo import GetApiV1VeiculosAtivo
from .get_api_v1_veiculos_tipo import GetApiV1VeiculosTipo
from .get_api_v1_webhooks_ativo import GetApiV1WebhooksAtivo
from .get_api_v1_webhooks_webhook_id_entregas_status import GetApiV1WebhooksWebhookIdEntregasStatus
from .icms_complement import IcmsComplement
from .import_declaration import ImportDeclaration
from .import_declaration_intermediacao import ImportDeclarationIntermediacao
from .import_declaration_via_transporte import ImportDeclarationViaTransporte
from .importation import Importation
from .inline_customer import InlineCustomer
from .inline_driver import InlineDriver
from .insurance import Insurance
from .insurance_responsavel import InsuranceResponsavel
from .intermediary import Intermediary
from .issue_request import IssueRequest
from .issue_request_finalidade import IssueRequestFinalidade
from .issue_request_pagamento_type_0_type_0 import IssueRequestPagamentoType0Type0
from .issue_request_presenca import IssueRequestPresenca
from .issue_request_tipo_operacao import IssueRequestTipoOperacao
from .issuer import Issuer
from .issuer_ambiente import IssuerAmbiente
from .issuer_apuracao_type_1 import IssuerApuracaoType1
from .issuer_apuracao_type_2_type_1 import IssuerApuracaoType2Type1
from .issuer_apuracao_type_3_type_1 import IssuerApuracaoType3Type1
from .issuer_modulos_item import IssuerModulosItem
from .issuer_origem import IssuerOrigem
from .issuer_origem_additional_property import IssuerOrigemAdditionalProperty
from .issuer_parcial import IssuerParcial
from .issuer_parcial_ambiente import IssuerParcialAmbiente
from .issuer_parcial_apuracao_type_1 import IssuerParcialApuracaoType1
from .issuer_parcial_apuracao_type_2_type_1 import IssuerParcialApuracaoType2Type1
from .issuer_parcial_apuracao_type_3_type_1 import IssuerParcialApuracaoType3Type1
from .issuer_parcial_modulos_item import IssuerParcialModulosItem
from .issuer_parcial_origem import IssuerParcialOrigem
from .issuer_parcial_origem_additional_property import IssuerParcialOrigemAdditionalProperty
from .issuer_record import IssuerRecord
from .issuer_record_origem_dados import IssuerRecordOrigemDados
from .item_export import ItemExport
from .item_request import ItemRequest
from .iva_rule import IvaRule
from .iva_rule_modelo_type_1 import IvaRuleModeloType1
from .iva_rule_modelo_type_2_type_1 import IvaRuleModeloType2Type1
from .iva_rule_modelo_type_3_type_1 import IvaRuleModeloType3Type1
from .iva_rule_operacao_type_1 import IvaRuleOperacaoType1
from .iva_rule_operacao_type_2_type_1 import IvaRuleOperacaoType2Type1
from .iva_rule_operacao_type_3_type_1 import IvaRuleOperacaoType3Type1
from .iva_rule_parcial import IvaRuleParcial
from .iva_rule_parcial_modelo_type_1 import IvaRuleParcialModeloType1
from .iva_rule_parcial_modelo_type_2_type_1 import IvaRuleParcialModeloType2Type1
from .iva_rule_parcial_modelo_type_3_type_1 import IvaRuleParcialModeloType3Type1
from .iva_rule_parcial_operacao_type_1 import IvaRuleParcialOperacaoType1
from .iva_rule_parcial_operacao_type_2_type_1 import IvaRuleParcialOperacaoType2Type1
from .iva_rule_parcial_operacao_type_3_type_1 import IvaRuleParcialOperacaoType3Type1
from .iva_rule_parcial_regime_type_1 import IvaRuleParcialRegimeType1
from .iva_rule_parcial_regime_type_2_type_1 import IvaRuleParcialRegimeType2Type1
from .iva_rule_parcial_regime_type_3_type_1 import IvaRuleParcialRegimeType3Type1
from .iva_rule_parcial_tipo_destinatario_type_1 import IvaRuleParcialTipoDestinatarioType1
from .iva_rule_parcial_tipo_destinatario_type_2_type_1 import IvaRuleParcialTipoDestinatarioType2Type1
from .iva_rule_parcial_tipo_destinatario_type_3_type_1 import IvaRuleParcialTipoDestinatarioType3Type1
from .iva_rule_regime_type_1 import IvaRuleRegimeType1
from .iva_rule_regime_type_2_type_1 import IvaRuleRegimeType2Type1
from .iva_rule_regime_type_3_type_1 import IvaRuleRegimeType3Type1
from .iva_rule_tipo_destinatario_type_1 import IvaRuleTipoDestinatarioType1
from .iva_rule_tipo_destinatario_type_2_type_1 import IvaRuleTipoDestinatarioType2Type1
from .iva_rule_tipo_destinatario_type_3_type_1 import IvaRuleTipoDestinatarioType3Type1
from .key_query import KeyQuery
from .last_answer import LastAnswer
from .layout_violation import LayoutViolation
from .ledger_entry import LedgerEntry
from .loading import Loading
from .manifest_driver import ManifestDriver
from .manifestation import Manifestation
from .manifestation_tipo import ManifestationTipo
from .manifested_document import ManifestedDocument
from .manifested_document_tipo import ManifestedDocumentTipo
from .mdfe_cancel_request import MdfeCancelRequest
from .mdfe_cargo import MdfeCargo
from .mdfe_cargo_tipo import MdfeCargoTipo
from .mdfe_document import MdfeDocument
from .mdfe_issue_request import MdfeIssueRequest
from .mdfe_issue_request_tipo_emitente import MdfeIssueRequestTipoEmitente
from .mdfe_issue_request_tipo_transportador import MdfeIssueRequestTipoTransportador
from .mdfe_links import MdfeLinks
from .mdfe_listed_document import MdfeListedDocument
from .mdfe_preview_request import MdfePreviewRequest
from .mdfe_preview_request_tipo_emitente import MdfePreviewRequestTipoEmitente
from .mdfe_preview_request_tipo_transportador import MdfePreviewRequestTipoTransportador
from .nature import Nature
from .nature_parcial import NatureParcial
from .nature_parcial_tipo_operacao import NatureParcialTipoOperacao
from .nature_record import NatureRecord
from .nature_tipo_operacao import NatureTipoOperacao
from .nfse_cancel import NfseCancel
from .nfse_cancel_codigo_motivo import NfseCancelCodigoMotivo
from .nfse_document import NfseDocument
from .nfse_document_ambiente import NfseDocumentAmbiente
from .nfse_document_detalhes_item import NfseDocumentDetalhesItem
from .nfse_document_status import NfseDocumentStatus
from .nfse_issue_request import NfseIssueRequest
from .nfse_links import NfseLinks
from .nfse_place import NfsePlace
from .nfse_preview_request import NfsePreviewRequest
from .open_manifest import OpenManifest
from .owner import Owner
from .owner_tipo import OwnerTipo
from .pack_revision import PackRevision
from .pagination_metadata import PaginationMetadata
from .payment import Payment
from .pending import Pending
from .period import Period
from .period_encerrado_por import PeriodEncerradoPor
from .period_origem import PeriodOrigem
from .period_tipo import PeriodTipo
from .preference_body import PreferenceBody
from .preference_body_tipos_item import PreferenceBodyTiposItem
from .preview_document import PreviewDocument
from .preview_document_totais import PreviewDocumentTotais
from .preview_item import PreviewItem
from .preview_request import PreviewRequest
from .preview_request_contexto_type_1 import PreviewRequestContextoType1
from .preview_request_contexto_type_2_type_1 import PreviewRequestContextoType2Type1
from .preview_request_contexto_type_3_type_1 import PreviewRequestContextoType3Type1
from .preview_request_finalidade import PreviewRequestFinalidade
from .preview_request_modelo import PreviewRequestModelo
from .preview_request_pagamento_type_0_type_0 import PreviewRequestPagamentoType0Type0
from .preview_request_presenca import PreviewRequestPresenca
from .preview_request_tipo_operacao import PreviewRequestTipoOperacao
from .producer import Producer
from .producer_certificate import ProducerCertificate
from .producer_certificate_status import ProducerCertificateStatus
from .producer_record import ProducerRecord
from .producer_record_tipo import ProducerRecordTipo
from .producer_update import ProducerUpdate
from .producer_update_contexto_fiscal_type_1 import ProducerUpdateContextoFiscalType1
from .producer_update_contexto_fiscal_type_2_type_1 import ProducerUpdateContextoFiscalType2Type1
from .producer_update_contexto_fiscal_type_3_type_1 import ProducerUpdateContextoFiscalType3Type1
from .product import Product
from .product_record import ProductRecord
from .product_record_st_retido_type_0 import ProductRecordStRetidoType0
from .product_retained_st import ProductRetainedSt
from .product_update_parcial import ProductUpdateParcial
from .property_ import Property
from .property_answer import PropertyAnswer
from .purchase_order import PurchaseOrder
from .quantity import Quantity
from .quantity_unidade import QuantityUnidade
from .received import Received
from .received_ambiente import ReceivedAmbiente
from .received_event import ReceivedEvent
from .received_manifestacao import ReceivedManifestacao
from .received_situacao import ReceivedSituacao
from .received_tipo import ReceivedTipo
from .reference import Reference
from .reference_modelo import ReferenceModelo
from .retained_st import RetainedSt
from .return_of import ReturnOf
from .returned_item import ReturnedItem
from .route import Route
from .rule_decision import RuleDecision
from .rule_record import RuleRecord
from .service import Service
from .service_record import ServiceRecord
from .service_request import ServiceRequest
from .service_update_parcial import ServiceUpdateParcial
from .settings import Settings
from .settings_modo import SettingsModo
from .simulation_request import SimulationRequest
from .step import Step
from .task import Task
from .task_error import TaskError
from .task_links import TaskLinks
from .task_request import TaskRequest
from .task_request_documento import TaskRequestDocumento
from .task_status import TaskStatus
from .tax_decision import TaxDecision
from .tax_rule import TaxRule
from .tax_rule_csosn_type_1 import TaxRuleCsosnType1
from .tax_rule_csosn_type_2_type_1 import TaxRuleCsosnType2Type1
from .tax_rule_csosn_type_3_type_1 import TaxRuleCsosnType3Type1
from .tax_rule_cst_icms_type_1 import TaxRuleCstIcmsType1
from .tax_rule_cst_icms_type_2_type_1 import TaxRuleCstIcmsType2Type1
from .tax_rule_cst_icms_type_3_type_1 import TaxRuleCstIcmsType3Type1
from .tax_rule_mod_bc_st_type_1 import TaxRuleModBcStType1
from .tax_rule_mod_bc_st_type_2_type_1 import TaxRuleModBcStType2Type1
from .tax_rule_mod_bc_st_type_3_type_1 import TaxRuleModBcStType3Type1
from .tax_rule_modelo_type_1 import TaxRuleModeloType1
from .tax_rule_modelo_type_2_type_1 import TaxRuleModeloType2Type1
from .tax_rule_modelo_type_3_type_1 import TaxRuleModeloType3Type1
from .tax_rule_operacao_type_1 import TaxRuleOperacaoType1
from .tax_rule_operacao_type_2_type_1 import TaxRuleOperacaoType2Type1
from .tax_rule_operacao_type_3_type_1 import TaxRuleOperacaoType3Type1
from .tax_rule_parcial import TaxRuleParcial
from .tax_rule_parcial_csosn_type_1 import TaxRuleParcialCsosnType1
from .tax_rule_parcial_csosn_type_2_type_1 import TaxRuleParcialCsosnType2Type1
from .tax_rule_parcial_csosn_type_3_type_1 import TaxRuleParcialCsosnType3Type1
from .tax_rule_parcial_cst_icms_type_1 import TaxRuleParcialCstIcmsType1
from .tax_rule_parcial_cst_icms_type_2_type_1 import TaxRuleParcialCstIcmsType2Type1
from .tax_rule_parcial_cst_icms_type_3_type_1 import TaxRuleParcialCstIcmsType3Type1
from .tax_rule_parcial_mod_bc_st_type_1 import TaxRuleParcialModBcStType1
from .tax_rule_parcial_mod_bc_st_type_2_type_1 import TaxRuleParcialModBcStType2Type1
from .tax_rule_parcial_mod_bc_st_type_3_type_1 import TaxRuleParcialModBcStType3Type1
from .tax_rule_parcial_modelo_type_1 import TaxRuleParcialModeloType1
from .tax_rule_parcial_modelo_type_2_type_1 import TaxRuleParcialModeloType2Type1
from .tax_rule_parcial_modelo_type_3_type_1 import TaxRuleParcialModeloType3Type1
from .tax_rule_parcial_operacao_type_1 import TaxRuleParcialOperacaoType1
from .tax_rule_parcial_operacao_type_2_type_1 import TaxRuleParcialOperacaoType2Type1
from .tax_rule_parcial_operacao_type_3_type_1 import TaxRuleParcialOperacaoType3Type1
from .tax_rule_parcial_tipo_destinatario_type_1 import TaxRuleParcialTipoDestinatarioType1
from .tax_rule_parcial_tipo_destinatario_type_2_type_1 import TaxRuleParcialTipoDestinatarioType2Type1
from .tax_rule_parcial_tipo_destinatario_type_3_type_1 import TaxRuleParcialTipoDestinatarioType3Type1
from .tax_rule_tipo_destinatario_type_1 import TaxRuleTipoDestinatarioType1
from .tax_rule_tipo_destinatario_type_2_type_1 import TaxRuleTipoDestinatarioType2Type1
from .tax_rule_tipo_destinatario_type_3_type_1 import TaxRuleTipoDestinatarioType3Type1
from .totals import Totals
from .transition import Transition
from .transport import Transport
from .transport_vehicle import TransportVehicle
from .unloading import Unloading
from .validation_request import ValidationRequest
from .validation_request_contexto_type_1 import ValidationRequestContextoType1
from .validation_request_contexto_type_2_type_1 import ValidationRequestContextoType2Type1
from .validation_request_contexto_type_3_type_1 import ValidationRequestContextoType3Type1
from .validation_request_documento import ValidationRequestDocumento
from .validation_request_operacao import ValidationRequestOperacao
from .vehicle import Vehicle
from .vehicle_proprietario_tp_prop_type_1 import VehicleProprietarioTpPropType1
from .vehicle_proprietario_tp_prop_type_2_type_1 import VehicleProprietarioTpPropType2Type1
from .vehicle_proprietario_tp_prop_type_3_type_1 import VehicleProprietarioTpPropType3Type1
from .vehicle_record import VehicleRecord
from .vehicle_tipo import VehicleTipo
from .vehicle_tp_car_type_1 import VehicleTpCarType1
from .vehicle_tp_car_type_2_type_1 import VehicleTpCarType2Type1
from .vehicle_tp_car_type_3_type_1 import VehicleTpCarType3Type1
from .vehicle_tp_rod_type_1 import VehicleTpRodType1
from .vehicle_tp_rod_type_2_type_1 import VehicleTpRodType2Type1
from .vehicle_tp_rod_type_3_type_1 import VehicleTpRodType3Type1
from .vehicle_update_parcial import VehicleUpdateParcial
from .vehicle_update_parcial_proprietario_tp_prop_type_1 import VehicleUpdateParcialProprietarioTpPropType1
from .vehicle_update_parcial_proprietario_tp_prop_type_2_type_1 import VehicleUpdateParcialProprietarioTpPropType2Type1
from .vehicle_update_parcial_proprietario_tp_prop_type_3_type_1 import VehicleUpdateParcialProprietarioTpPropType3Type1
from .vehicle_update_parcial_tipo import VehicleUpdateParcialTipo
from .vehicle_update_parcial_tp_car_type_1 import VehicleUpdateParcialTpCarType1
from .vehicle_update_parcial_tp_car_type_2_type_1 import VehicleUpdateParcialTpCarType2Type1
from .vehicle_update_parcial_tp_car_type_3_type_1 import VehicleUpdateParcialTpCarType3Type1
from .vehicle_update_parcial_tp_rod_type_1 import VehicleUpdateParcialTpRodType1
from .vehicle_update_parcial_tp_rod_type_2_type_1 import VehicleUpdateParcialTpRodType2Type1
from .vehicle_update_parcial_tp_rod_type_3_type_1 import VehicleUpdateParcialTpRodType3Type1
from .void_request import VoidRequest
from .void_request_modelo_type_0 import VoidRequestModeloType0
from .void_request_modelo_type_1 import VoidRequestModeloType1
from .volume import Volume
from .webhook import Webhook
from .webhook_ambientes_item import WebhookAmbientesItem
from .webhook_record import WebhookRecord
from .webhook_update_parcial import WebhookUpdateParcial
from .webhook_update_parcial_ambientes_item import WebhookUpdateParcialAmbientesItem

__all__ = (
    "AddDriverRequest",
    "Addition",
    "Address",
    "ApiKey",
    "ApiKeyCreate",
    "ApiKeyCreateEscoposType0Item",
    "ApiKeyCreateModo",
    "ApiKeyCreateTipo",
    "ApiKeyTipo",
    "AttemptRecord",
    "AuditEntry",
    "Authority",
    "AuthorityAmbiente",
    "AuthorityStatus",
    "Automatic",
    "AutomaticAnswer",
    "AutomaticAnswerAtualizados",
    "AutomaticAnswerCriados",
    "AutomaticApuracao",
    "BaseRule",
    "BaseRuleCondicaoType0",
    "BaseRuleCriterios",
    "BaseRuleResultado",
    "BaseRuleUpdate",
    "BaseRuleUpdateCondicaoType0",
    "BaseRuleUpdateCriterios",
    "BaseRuleUpdateResultado",
    "BaseRuleUpdateTipo",
    "BaseRuleWrite",
    "BaseRuleWriteCondicaoType0",
    "BaseRuleWriteCriterios",
    "BaseRuleWriteResultado",
    "BaseRuleWriteTipo",
    "CalculationRequest",
    "CalculationRequestContextoType1",
    "CalculationRequestContextoType2Type1",
    "CalculationRequestContextoType3Type1",
    "CalculationRequestDocumento",
    "CalculationRequestOperacao",
    "CancelRequest",
    "CandidateRule",
    "CandidateRuleCondicaoType0",
    "CandidateRuleCriterios",
    "CandidateRuleResultado",
    "CandidateRuleTipo",
    "Card",
    "CardTipoIntegracao",
    "Carrier",
    "CarrierAddress",
    "CertificateForm",
    "CertificateStatus",
    "CertificateStatusStatus",
    "CertificateUpload",
    "Charter",
    "CharterTipo",
    "CloseRequest",
    "CnpjLookup",
    "CnpjLookupData",
    "Company",
    "Component",
    "Correction",
    "CorrectionRequest",
    "CteCancelRequest",
    "CteCargo",
    "CteCorrectionRequest",
    "CteDocument",
    "CteIssueRequest",
    "CteIssueRequestTomadorType0",
    "CteLinks",
    "CteOsDocument",
    "CteOsIssueRequest",
    "CteOsPreviewRequest",
    "CteOsReference",
    "CteOsService",
    "CteOsServiceTipo",
    "CteOsVehicle",
    "CtePlace",
    "CtePreviewRequest",
    "CtePreviewRequestTomadorType0",
    "Cursor",
    "CursorFamilia",
    "Customer",
    "CustomerIndicadorIeType1",
    "CustomerIndicadorIeType2Type1",
    "CustomerIndicadorIeType3Type1",
    "CustomerRecord",
    "CustomerUpdateParcial",
    "CustomerUpdateParcialIndicadorIeType1",
    "CustomerUpdateParcialIndicadorIeType2Type1",
    "CustomerUpdateParcialIndicadorIeType3Type1",
    "DeleteApiV1ConfiguracaoFiscalContingenciaModelo",
    "DeliveryRecord",
    "DfeSettings",
    "Disagreement",
    "DisagreementRequest",
    "Document",
    "DocumentAmbiente",
    "DocumentContingency",
    "DocumentContingencyTipo",
    "DocumentModelo",
    "DocumentStatus",
    "Driver",
    "DriverRecord",
    "DriverUpdateParcial",
    "Ecf",
    "EcfModelo",
    "Enter",
    "EnterModelo",
    "EnterTipo",
    "EnvelopeApiKeyCreated",
    "EnvelopeApiKeyList",
    "EnvelopeApiKeyRevoked",
    "EnvelopeAuditLog",
    "EnvelopeAuthorityList",
    "EnvelopeAutomaticAnswer",
    "EnvelopeAutomaticAnswerAtualizados",
    "EnvelopeAutomaticAnswerCriados",
    "EnvelopeBalance",
    "EnvelopeBaseRuleCreated",
    "EnvelopeBaseRuleDeleted",
    "EnvelopeBaseRuleItem",
    "EnvelopeBaseRuleList",
    "EnvelopeCalculation",
    "EnvelopeCalculationClassifications",
    "EnvelopeCalculationDocument",
    "EnvelopeCalculationExplainItem",
    "EnvelopeCalculationMissingItem",
    "EnvelopeCalculationRulesUsedItem",
    "EnvelopeCalculationTaxes",
    "EnvelopeCalculationWarningsItem",
    "EnvelopeCertificateAnswer",
    "EnvelopeCnpjLookupResult",
    "EnvelopeCnpjLookupResultOrigem",
    "EnvelopeCompanyItem",
    "EnvelopeCompanyList",
    "EnvelopeCteDocument",
    "EnvelopeCteDocumentList",
    "EnvelopeCteOsDocument",
    "EnvelopeCteOsDocumentList",
    "EnvelopeCteRegisteredEvent",
    "EnvelopeCustomerAnswer",
    "EnvelopeCustomerList",
    "EnvelopeDeliveryAnswer",
    "EnvelopeDeliveryList",
    "EnvelopeDfeSettingsAnswer",
    "EnvelopeDocument",
    "EnvelopeDocumentAmbiente",
    "EnvelopeDocumentList",
    "EnvelopeDocumentModelo",
    "EnvelopeDocumentStatus",
    "EnvelopeDriverAnswer",
    "EnvelopeDriverList",
    "EnvelopeEventList",
    "EnvelopeFamilyPreview",
    "EnvelopeFamilyPreviewClassifications",
    "EnvelopeFamilyPreviewDocument",
    "EnvelopeFamilyPreviewDpsValidacaoItem",
    "EnvelopeFamilyPreviewExplainItem",
    "EnvelopeFamilyPreviewMissingItem",
    "EnvelopeFamilyPreviewRulesUsedItem",
    "EnvelopeFamilyPreviewTaxes",
    "EnvelopeFamilyPreviewViolacoesItem",
    "EnvelopeFamilyPreviewWarningsItem",
    "EnvelopeHistory",
    "EnvelopeIssuedDocument",
    "EnvelopeIssuedDocumentAmbiente",
    "EnvelopeIssuerAnswer",
    "EnvelopeIssuerCreated",
    "EnvelopeMdfeDocument",
    "EnvelopeMdfeDocumentList",
    "EnvelopeMdfeRegisteredEvent",
    "EnvelopeNatureAnswer",
    "EnvelopeNatureList",
    "EnvelopeNfseDocument",
    "EnvelopeNfseDocumentAmbiente",
    "EnvelopeNfseDocumentDetalhesItem",
    "EnvelopeNfseDocumentList",
    "EnvelopeNfseDocumentStatus",
    "EnvelopeNfseRegisteredEvent",
    "EnvelopeNfseRegisteredEventAmbiente",
    "EnvelopeNfseRegisteredEventDetalhesItem",
    "EnvelopeNfseRegisteredEventStatus",
    "EnvelopeOpenManifestList",
    "EnvelopeOverview",
    "EnvelopeOverviewEtapas",
    "EnvelopeOverviewProntaParaEmitirModelos",
    "EnvelopePacks",
    "EnvelopePacksRegrasEmpresa",
    "EnvelopePendingList",
    "EnvelopePeriod",
    "EnvelopePeriodEncerradoPor",
    "EnvelopePeriodOrigem",
    "EnvelopePeriodTipo",
    "EnvelopePreference",
    "EnvelopePreview",
    "EnvelopePreviewClassifications",
    "EnvelopePreviewExplainItem",
    "EnvelopePreviewMissingItem",
    "EnvelopePreviewRulesUsedItem",
    "EnvelopePreviewTaxes",
    "EnvelopePreviewWarningsItem",
    "EnvelopeProducerAnswer",
    "EnvelopeProducerCreated",
    "EnvelopeProductAnswer",
    "EnvelopeProductList",
    "EnvelopeReceived",
    "EnvelopeReceivedAmbiente",
    "EnvelopeReceivedList",
    "EnvelopeReceivedManifestacao",
    "EnvelopeReceivedSituacao",
    "EnvelopeReceivedTipo",
    "EnvelopeRegisteredEvent",
    "EnvelopeRegisteredEventAmbiente",
    "EnvelopeRegisteredEventModelo",
    "EnvelopeRegisteredEventStatus",
    "EnvelopeRuleAnswer",
    "EnvelopeRuleList",
    "EnvelopeServiceAnswer",
    "EnvelopeServiceList",
    "EnvelopeSettingsAnswer",
    "EnvelopeSimulation",
    "EnvelopeSimulationLinks",
    "EnvelopeSimulationResultadoType0",
    "EnvelopeSimulationStatus",
    "EnvelopeStatement",
    "EnvelopeTask",
    "EnvelopeTaskLinks",
    "EnvelopeTaskList",
    "EnvelopeTaskStatus",
    "EnvelopeTestEventAnswer",
    "EnvelopeValidation",
    "EnvelopeValidationClassifications",
    "EnvelopeValidationExplainItem",
    "EnvelopeValidationMissingItem",
    "EnvelopeValidationRulesUsedItem",
    "EnvelopeValidationTaxes",
    "EnvelopeValidationWarningsItem",
    "EnvelopeVehicleAnswer",
    "EnvelopeVehicleList",
    "EnvelopeVoiding",
    "EnvelopeWalletStatus",
    "EnvelopeWalletStatusPrecos",
    "EnvelopeWebhookAnswer",
    "EnvelopeWebhookCreated",
    "EnvelopeWebhookList",
    "EnvelopeWebhookRotated",
    "ErrorBody",
    "ErrorEnvelope",
    "Event",
    "Export",
    "FieldError",
    "Fiscal",
    "FiscalTipoEstabelecimentoTomador",
    "ForeignAddress",
    "ForeignParty",
    "Freight",
    "FreightModalidade",
    "GetApiV1ClientesAtivo",
    "GetApiV1CondutoresAtivo",
    "GetApiV1ConfiguracaoFiscalIvaAtivo",
    "GetApiV1ConfiguracaoFiscalNaturezasAtivo",
    "GetApiV1ConfiguracaoFiscalRegrasBaseCamada",
    "GetApiV1ConfiguracaoFiscalRegrasBaseOrigem",
    "GetApiV1ConfiguracaoFiscalRegrasBaseTipo",
    "GetApiV1ConfiguracaoFiscalTributacaoAtivo",
    "GetApiV1DfeRecebidosManifestacao",
    "GetApiV1DfeRecebidosSituacao",
    "GetApiV1DfeRecebidosTipo",
    "GetApiV1EmpresasAtivo",
    "GetApiV1FinanceiroExtratoTipo",
    "GetApiV1FiscalAutoridadesModelo",
    "GetApiV1FiscalContingenciaHistoricoModelo",
    "GetApiV1FiscalContingenciaPendentesModelo",
    "GetApiV1FiscalSolicitacoesDocumento",
    "GetApiV1FiscalSolicitacoesStatus",
    "GetApiV1ProdutosAtivo",
    "GetApiV1ServicosAtivo",
    "GetApiV1VeiculosAtivo",
    "GetApiV1VeiculosTipo",
    "GetApiV1WebhooksAtivo",
    "GetApiV1WebhooksWebhookIdEntregasStatus",
    "IcmsComplement",
    "Importation",
    "ImportDeclaration",
    "ImportDeclarationIntermediacao",
    "ImportDeclarationViaTransporte",
    "InlineCustomer",
    "InlineDriver",
    "Insurance",
    "InsuranceResponsavel",
    "Intermediary",
    "Issuer",
    "IssuerAmbiente",
    "IssuerApuracaoType1",
    "IssuerApuracaoType2Type1",
    "IssuerApuracaoType3Type1",
    "IssueRequest",
    "IssueRequestFinalidade",
    "IssueRequestPagamentoType0Type0",
    "IssueRequestPresenca",
    "IssueRequestTipoOperacao",
    "IssuerModulosItem",
    "IssuerOrigem",
    "IssuerOrigemAdditionalProperty",
    "IssuerParcial",
    "IssuerParcialAmbiente",
    "IssuerParcialApuracaoType1",
    "IssuerParcialApuracaoType2Type1",
    "IssuerParcialApuracaoType3Type1",
    "IssuerParcialModulosItem",
    "IssuerParcialOrigem",
    "IssuerParcialOrigemAdditionalProperty",
    "IssuerRecord",
    "IssuerRecordOrigemDados",
    "ItemExport",
    "ItemRequest",
    "IvaRule",
    "IvaRuleModeloType1",
    "IvaRuleModeloType2Type1",
    "IvaRuleModeloType3Type1",
    "IvaRuleOperacaoType1",
    "IvaRuleOperacaoType2Type1",
    "IvaRuleOperacaoType3Type1",
    "IvaRuleParcial",
    "IvaRuleParcialModeloType1",
    "IvaRuleParcialModeloType2Type1",
    "IvaRuleParcialModeloType3Type1",
    "IvaRuleParcialOperacaoType1",
    "IvaRuleParcialOperacaoType2Type1",
    "IvaRuleParcialOperacaoType3Type1",
    "IvaRuleParcialRegimeType1",
    "IvaRuleParcialRegimeType2Type1",
    "IvaRuleParcialRegimeType3Type1",
    "IvaRuleParcialTipoDestinatarioType1",
    "IvaRuleParcialTipoDestinatarioType2Type1",
    "IvaRuleParcialTipoDestinatarioType3Type1",
    "IvaRuleRegimeType1",
    "IvaRuleRegimeType2Type1",
    "IvaRuleRegimeType3Type1",
    "IvaRuleTipoDestinatarioType1",
    "IvaRuleTipoDestinatarioType2Type1",
    "IvaRuleTipoDestinatarioType3Type1",
    "KeyQuery",
    "LastAnswer",
    "LayoutViolation",
    "LedgerEntry",
    "Loading",
    "Manifestation",
    "ManifestationTipo",
    "ManifestDriver",
    "ManifestedDocument",
    "ManifestedDocumentTipo",
    "MdfeCancelRequest",
    "MdfeCargo",
    "MdfeCargoTipo",
    "MdfeDocument",
    "MdfeIssueRequest",
    "MdfeIssueRequestTipoEmitente",
    "MdfeIssueRequestTipoTransportador",
    "MdfeLinks",
    "MdfeListedDocument",
    "MdfePreviewRequest",
    "MdfePreviewRequestTipoEmitente",
    "MdfePreviewRequestTipoTransportador",
    "Nature",
    "NatureParcial",
    "NatureParcialTipoOperacao",
    "NatureRecord",
    "NatureTipoOperacao",
    "NfseCancel",
    "NfseCancelCodigoMotivo",
    "NfseDocument",
    "NfseDocumentAmbiente",
    "NfseDocumentDetalhesItem",
    "NfseDocumentStatus",
    "NfseIssueRequest",
    "NfseLinks",
    "NfsePlace",
    "NfsePreviewRequest",
    "OpenManifest",
    "Owner",
    "OwnerTipo",
    "PackRevision",
    "PaginationMetadata",
    "Payment",
    "Pending",
    "Period",
    "PeriodEncerradoPor",
    "PeriodOrigem",
    "PeriodTipo",
    "PreferenceBody",
    "PreferenceBodyTiposItem",
    "PreviewDocument",
    "PreviewDocumentTotais",
    "PreviewItem",
    "PreviewRequest",
    "PreviewRequestContextoType1",
    "PreviewRequestContextoType2Type1",
    "PreviewRequestContextoType3Type1",
    "PreviewRequestFinalidade",
    "PreviewRequestModelo",
    "PreviewRequestPagamentoType0Type0",
    "PreviewRequestPresenca",
    "PreviewRequestTipoOperacao",
    "Producer",
    "ProducerCertificate",
    "ProducerCertificateStatus",
    "ProducerRecord",
    "ProducerRecordTipo",
    "ProducerUpdate",
    "ProducerUpdateContextoFiscalType1",
    "ProducerUpdateContextoFiscalType2Type1",
    "ProducerUpdateContextoFiscalType3Type1",
    "Product",
    "ProductRecord",
    "ProductRecordStRetidoType0",
    "ProductRetainedSt",
    "ProductUpdateParcial",
    "Property",
    "PropertyAnswer",
    "PurchaseOrder",
    "Quantity",
    "QuantityUnidade",
    "Received",
    "ReceivedAmbiente",
    "ReceivedEvent",
    "ReceivedManifestacao",
    "ReceivedSituacao",
    "ReceivedTipo",
    "Reference",
    "ReferenceModelo",
    "RetainedSt",
    "ReturnedItem",
    "ReturnOf",
    "Route",
    "RuleDecision",
    "RuleRecord",
    "Service",
    "ServiceRecord",
    "ServiceRequest",
    "ServiceUpdateParcial",
    "Settings",
    "SettingsModo",
    "SimulationRequest",
    "Step",
    "Task",
    "TaskError",
    "TaskLinks",
    "TaskRequest",
    "TaskRequestDocumento",
    "TaskStatus",
    "TaxDecision",
    "TaxRule",
    "TaxRuleCsosnType1",
    "TaxRuleCsosnType2Type1",
    "TaxRuleCsosnType3Type1",
    "TaxRuleCstIcmsType1",
    "TaxRuleCstIcmsType2Type1",
    "TaxRuleCstIcmsType3Type1",
    "TaxRuleModBcStType1",
    "TaxRuleModBcStType2Type1",
    "TaxRuleModBcStType3Type1",
    "TaxRuleModeloType1",
    "TaxRuleModeloType2Type1",
    "TaxRuleModeloType3Type1",
    "TaxRuleOperacaoType1",
    "TaxRuleOperacaoType2Type1",
    "TaxRuleOperacaoType3Type1",
    "TaxRuleParcial",
    "TaxRuleParcialCsosnType1",
    "TaxRuleParcialCsosnType2Type1",
    "TaxRuleParcialCsosnType3Type1",
    "TaxRuleParcialCstIcmsType1",
    "TaxRuleParcialCstIcmsType2Type1",
    "TaxRuleParcialCstIcmsType3Type1",
    "TaxRuleParcialModBcStType1",
    "TaxRuleParcialModBcStType2Type1",
    "TaxRuleParcialModBcStType3Type1",
    "TaxRuleParcialModeloType1",
    "TaxRuleParcialModeloType2Type1",
    "TaxRuleParcialModeloType3Type1",
    "TaxRuleParcialOperacaoType1",
    "TaxRuleParcialOperacaoType2Type1",
    "TaxRuleParcialOperacaoType3Type1",
    "TaxRuleParcialTipoDestinatarioType1",
    "TaxRuleParcialTipoDestinatarioType2Type1",
    "TaxRuleParcialTipoDestinatarioType3Type1",
    "TaxRuleTipoDestinatarioType1",
    "TaxRuleTipoDestinatarioType2Type1",
    "TaxRuleTipoDestinatarioType3Type1",
    "Totals",
    "Transition",
    "Transport",
    "TransportVehicle",
    "Unloading",
    "ValidationRequest",
    "ValidationRequestContextoType1",
    "ValidationRequestContextoType2Type1",
    "ValidationRequestContextoType3Type1",
    "ValidationRequestDocumento",
    "ValidationRequestOperacao",
    "Vehicle",
    "VehicleProprietarioTpPropType1",
    "VehicleProprietarioTpPropType2Type1",
    "VehicleProprietarioTpPropType3Type1",
    "VehicleRecord",
    "VehicleTipo",
    "VehicleTpCarType1",
    "VehicleTpCarType2Type1",
    "VehicleTpCarType3Type1",
    "VehicleTpRodType1",
    "VehicleTpRodType2Type1",
    "VehicleTpRodType3Type1",
    "VehicleUpdateParcial",
    "VehicleUpdateParcialProprietarioTpPropType1",
    "VehicleUpdateParcialProprietarioTpPropType2Type1",
    "VehicleUpdateParcialProprietarioTpPropType3Type1",
    "VehicleUpdateParcialTipo",
    "VehicleUpdateParcialTpCarType1",
    "VehicleUpdateParcialTpCarType2Type1",
    "VehicleUpdateParcialTpCarType3Type1",
    "VehicleUpdateParcialTpRodType1",
    "VehicleUpdateParcialTpRodType2Type1",
    "VehicleUpdateParcialTpRodType3Type1",
    "VoidRequest",
    "VoidRequestModeloType0",
    "VoidRequestModeloType1",
    "Volume",
    "Webhook",
    "WebhookAmbientesItem",
    "WebhookRecord",
    "WebhookUpdateParcial",
    "WebhookUpdateParcialAmbientesItem",
)
