"""Phase A of an issuance, in two transactions before the first byte goes to the authority.

`claim` (short): a new order's row and its number, the counter's row lock held only from its
`UPDATE ... RETURNING` to the commit right after. `accept`: under the order's row lock, decide
the attempt, hold the price in the wallet, sign with the order's number and store the signed
XML. A failure after the claim (a layout refusal, 402) keeps the number with the order: the
order's next request uses it, as an attempt rejected by the authority does.

The hold becomes the `DEBITO_EMISSAO` when the answer is recorded (`transmit.apply`), or is
released when the request never reached the authority (`NAO_ENVIADA`); such a document is sent
again by the next request of its order, in place: same row, number and cNF, so the same key
(unless the month of issue changed, which is part of the key)."""

from __future__ import annotations

import contextlib
import datetime as dt
import functools
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, TypeVar

from sqlalchemy import (
    and_,
    bindparam,
    case,
    func,
    insert,
    inspect,
    literal,
    or_,
    select,
    text,
    true,
    update,
)
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session, sessionmaker
from sqlalchemy.orm.attributes import set_committed_value

from documents.errors import InvalidDocumentDataError, SchemaViolationError
from documents.keys import AccessKey, random_cnf
from service import compiled
from service.audit import operations as audit
from service.companies.models import Company
from service.db import (
    column_defaults,
    insert_ignoring_conflicts,
    loaded,
    transaction,
    utcnow,
)
from service.errors import ApiError
from service.ids import new_id
from service.issuance import contingency, idempotency, numbering, order_holds
from service.issuance.credential_cache import CompanyCredentials
from service.issuance.family import Draft, Family, Lookup, Numbered, Signed
from service.issuance.idempotency import Decision
from service.issuance.models import DocumentStatus, FiscalDocument, Order
from service.queue.lookup import open_task_id_query
from service.storage.documents import signed_values
from service.wallet.models import MONEY
from service.wallet.operations import (
    CENT,
    InsufficientBalance,
    hold_for_issuance,
    hold_statement,
    release,
    unlimited_sql,
)

T = TypeVar("T")


@dataclass(frozen=True)
class Request:
    """One issuance request as accepted: who, for which company, with what content."""

    family: Family
    company: Company
    ambiente: str
    pedido: str
    body: dict[str, Any]
    requisicao: dict[str, Any]
    """`body` as stored with the document (`idempotency.plain`), made once per request."""
    fingerprint: str
    key_id: str
    price: Decimal
    held: Decimal = Decimal("0.00")
    """What a queued request already holds in the wallet (its task's `reservado`)."""

    @property
    def modulo(self) -> str:
        return self.family.module

    @property
    def due(self) -> Decimal:
        """What the wallet must still cover for a new order: the price less what is held
        for it already (a queued request's hold would otherwise count against itself)."""
        return max(self.price - self.held, Decimal("0.00"))


@dataclass(frozen=True)
class Accepted:
    document_id: str
    replay: bool
    document: FiscalDocument | None = None
    """The stored attempt as committed (a new attempt only): transmission needs no re-read."""


class NumberNeeded(Exception):
    """The attempt needs a number the order does not have yet (an order made before numbers
    were claimed with it, or the family's series changed): `number_order` takes it in its own
    short transaction, and the acceptance runs again."""


ORDER_KEY = ["company_id", "modulo", "ambiente", "pedido"]


def claim(
    session: Session, req: Request, *, unqueued: bool = False, one_statement: bool = True
) -> Order | None:
    """A new order's row and number (its values, unattached), or None when the order exists
    (or, `unqueued`, while a queued request of the order has no document yet: the caller
    reads then why it got nothing).

    The price still due (`Request.due`) is held in the wallet, the number taken
    (`numbering.take_number`) and the order inserted with both, only if no row has the order's
    key (`ON CONFLICT DO NOTHING`); the order keeps the hold (`Order.reservado`) until its
    first attempt takes it over. When no row is inserted the transaction is rolled back,
    giving the number and the hold back: concurrent first requests decide without an error,
    an order the wallet cannot pay is refused (402) before it has a number, and numbers stay
    gapless (holding only when the attempt was fixed, after the claim, let more orders take a
    number than the balance could pay, each left with a number no document used). On
    PostgreSQL all three are one statement (the hold on one unlocked slice and the counter's
    `UPDATE` data-modifying CTEs of the `INSERT`), so the counter's row lock lasts that
    statement and the caller's commit; the general form (the hold first, then the number
    and the order) also serves every case that one cannot (no counter yet, a number in a
    voided range, no single free slice can pay and the slices are gathered). Without
    `one_statement` (its autocommitted form just aborted) the general form goes first."""
    serie = req.family.series(req.company)
    values = _order_values(req, serie)
    if one_statement and _postgresql(session):
        claimed = _claim_in_one_statement(session, req, values, unqueued)
        if claimed is not None:
            numero, reservado = claimed
            return Order(**values, numero=numero, reservado=reservado)
        session.rollback()
    try:
        held = hold_for_issuance(session, req.company.account_id, req.due)
    except InsufficientBalance as exc:
        session.rollback()
        if find_order(session, req) is None:
            raise _insufficient(exc) from exc
        return None  # the order exists: its replay or next attempt decides, not the balance
    numero = numbering.take_number(session, req.company.id, req.family.model, serie, req.ambiente)
    values = {**values, "numero": numero, "reservado": held}
    key = (req.company.id, req.family.documento, req.ambiente, req.pedido)
    guards = [_no_open_task(*key)] if unqueued else []
    source = select(*_literals(values)).where(*guards)
    insert = insert_ignoring_conflicts(session, Order, ORDER_KEY).from_select(list(values), source)
    if session.execute(insert.returning(Order.id)).scalar_one_or_none() is not None:
        return Order(**values)
    session.rollback()  # the number and the hold go back
    return None


def _order_values(req: Request, serie: int) -> dict[str, Any]:
    now = utcnow()
    return {
        "id": new_id("ord"), "account_id": req.company.account_id, "company_id": req.company.id,
        "modulo": req.modulo, "ambiente": req.ambiente, "pedido": req.pedido,
        "fingerprint": req.fingerprint, "serie": serie, "tentativas": 0,
        "created_at": now, "updated_at": now,
    }  # fmt: skip


def _literals(values: dict[str, Any]) -> list[Any]:
    return [literal(v, Order.__table__.c[k].type) for k, v in values.items()]


def _no_open_task(company_id: Any, documento: Any, ambiente: Any, pedido: Any) -> Any:
    """SQL: no queued request of this order is still without a document (values or bound
    parameters)."""
    return open_task_id_query(company_id, documento, ambiente, pedido).is_(None)


def _claim_in_one_statement(
    session: Session, req: Request, values: dict[str, Any], unqueued: bool
) -> tuple[int, Decimal] | None:
    """PostgreSQL: the hold, the number and the order in one statement; None when no order
    row was written (the caller rolls back and takes the general path, which tells why)."""
    statement = _one_statement_claim(unqueued, hold=req.due > 0)
    params = _claim_params(req, values, unqueued)
    row = compiled.run(session, statement, params).first()
    if row is None:
        return None
    numero, reservado = row
    if numero > numbering.MAX_NUMBER:
        raise numbering.NumbersExhausted(f"série {values['serie']} esgotada")
    return int(numero), Decimal(reservado)


def _claim_params(req: Request, values: dict[str, Any], unqueued: bool) -> dict[str, Any]:
    """The bound values of `_one_statement_claim` (either form)."""
    params = {f"v_{name}": value for name, value in values.items()}
    params.update(k_modelo=req.family.model, p_account_id=req.company.account_id,
                  price=req.due.quantize(CENT))  # fmt: skip
    if unqueued:
        params.update(k_documento=req.family.documento)
    return params


def _claim_engine(session: Session) -> Engine | None:
    """The engine the claim may run on as its own transaction, or None: PostgreSQL, the
    request's session bound to the engine, holding no database transaction (its key and
    company were read outside one, `compiled.read`) and no change a commit would flush."""
    if session.new or session.dirty or session.deleted:
        return None
    return compiled.autocommit_engine(session)


def _claimed_autocommitted(engine: Engine, req: Request, unqueued: bool) -> Order:
    """The hot path's claim as a transaction of its own: `_one_statement_claim`'s form that
    aborts (`compiled.Aborted`, nothing written, the counter's increment included) unless
    the order was written; run in autocommit, one round trip, no `BEGIN`, `COMMIT` or
    Session. Its `set_config('synchronous_commit', 'off', true)` holds for the statement's
    own transaction, whose commit PostgreSQL records before it resets the setting."""
    values = _order_values(req, req.family.series(req.company))
    statement = _one_statement_claim(unqueued, autocommit=True, hold=req.due > 0)
    params = _claim_params(req, values, unqueued)
    numero, reservado = compiled.autocommitted(engine, statement, params).one()
    return Order(**values, numero=int(numero), reservado=Decimal(reservado))


ORDER_COLUMNS = (
    "id", "account_id", "company_id", "modulo", "ambiente", "pedido", "fingerprint", "serie",
    "tentativas", "created_at", "updated_at",
)  # fmt: skip
"""What `_order_values` gives a new order (its number comes from the counter)."""


@functools.cache
def _one_statement_claim(unqueued: bool, autocommit: bool = False, hold: bool = True) -> Any:
    """Built once per process (values bound per request): `WITH held AS (UPDATE wallet_slices
    ... <one unlocked slice that can pay> RETURNING ...), taken AS (UPDATE counter ...
    RETURNING ...) INSERT INTO orders SELECT ..., <price if held>, taken.numero FROM taken
    WHERE <not voided> AND <held or unlimited> [AND <no open queued request>] ON CONFLICT DO
    NOTHING RETURNING numero, reservado`; without `hold` (nothing due) no `held` part. An
    order that conflicts, or finds no free slice that can pay, writes nothing: the hold and
    the counter's increment go with the rolled-back statement, and the general form decides.

    `autocommit`: the form that is a whole transaction (`_claimed_autocommitted`): the insert
    is a part (`claimed`) and the statement answers its number, or aborts (`fiscal_abort`:
    the counter's increment goes with it) unless one order was written with a number the
    series still has."""
    from sqlalchemy.dialects import postgresql

    columns = Order.__table__.c
    taken = numbering.take_statement(
        bindparam("v_company_id"), bindparam("k_modelo"), bindparam("v_serie"),
        bindparam("v_ambiente"),
    ).cte("taken")  # fmt: skip
    bound = [bindparam(f"v_{name}", type_=columns[name].type) for name in ORDER_COLUMNS]
    price = bindparam("price", type_=MONEY)
    zero = literal(Decimal("0.00"), MONEY)
    if hold:  # without: nothing is due (a queued request's hold is its task's), no slice read
        held = select(hold_statement().cte("held").c.account_id).exists()
        pays: Any = or_(held, unlimited_sql(bindparam("p_account_id")))
        reservado: Any = case((held, price), else_=zero)
    else:
        pays, reservado = true(), zero
    names = ("v_company_id", "k_documento", "v_ambiente", "v_pedido")
    key: list[Any] = [bindparam(name) for name in names]
    guards = [_no_open_task(*key)] if unqueued else []
    source = select(*bound, reservado, taken.c.numero).where(
        taken.c.voided_end.is_(None), pays, *guards, _commit_without_waiting_for_the_disk()
    )
    claim = (
        postgresql.insert(Order.__table__)  # type: ignore[arg-type]  # the table: Core INSERT
        .on_conflict_do_nothing(index_elements=ORDER_KEY)
        .from_select([*ORDER_COLUMNS, "reservado", "numero"], source)
        .returning(columns.numero, columns.reservado)
    )
    if not autocommit:
        return claim
    claimed = claim.cte("claimed")
    ran = select(func.count().label("n"), func.max(claimed.c.numero).label("numero"),
                 func.max(claimed.c.reservado).label("reservado"))  # fmt: skip
    counted = ran.select_from(claimed).subquery("ran")
    whole = and_(counted.c.n == 1, counted.c.numero <= numbering.MAX_NUMBER)
    abort = func.fiscal_abort("claim: no order written", type_=columns.numero.type)
    answer = case((whole, counted.c.numero), else_=abort)
    return select(answer, counted.c.reservado).select_from(counted)


def _commit_without_waiting_for_the_disk() -> Any:
    """SQL (a condition that always holds): `set_config('synchronous_commit', 'off', true)`,
    so the claim's own commit returns without waiting for the WAL flush, and the series'
    counter row lock ends that much sooner. Only for this transaction (`true`: local).

    Safe because nothing leaves the service on the strength of the claim alone: the signed
    XML is sent only after the acceptance commits, and that commit does wait for the flush,
    which writes the WAL up to it, the earlier claim's records included. A database crash can
    lose only a claim no acceptance followed yet: its order row and its number go back
    together (the number was in no document sent or stored, so none is skipped or reused),
    and the client, who had no answer or an error, sends the order again."""
    return text("set_config('synchronous_commit', 'off', true) IS NOT NULL")


RENUMBERABLE = frozenset({DocumentStatus.REJEITADA, DocumentStatus.NAO_ENVIADA})
"""Statuses of an order's attempt after which a new attempt may need a new number."""


def number_order(session: Session, req: Request) -> None:
    """The order exists and has a number of the family's current series (`NumberNeeded`)."""
    if claim(session, req) is not None:
        return
    order = find_order(session, req, lock=True)
    assert order is not None
    current = current_document(session, order)
    serie = req.family.series(req.company)
    needs = order.numero is None or order.serie != serie
    if needs and (current is None or current.status in RENUMBERABLE):
        order.serie = serie
        order.numero = numbering.take_number(
            session, req.company.id, req.family.model, serie, req.ambiente
        )


def find_order(session: Session, req: Request, *, lock: bool = False) -> Order | None:
    query = select(Order).where(
        Order.company_id == req.company.id,
        Order.modulo == req.modulo,
        Order.ambiente == req.ambiente,
        Order.pedido == req.pedido,
    )
    if lock:
        query = query.with_for_update()
    return session.execute(query).scalar_one_or_none()


def claim_committed(
    sessions: sessionmaker[Session],
    req: Request,
    before_claim: Callable[[Session], None] | None = None,
    *,
    unqueued: bool = False,
    within: Session | None = None,
) -> Order | None:
    """`claim` in its own transaction, committed on return: the sequence's row lock, taken by
    the claim's statement, lasts at most as long as this call (`bench/api.py` times it).
    `within`: the request's session, whose reads the claim's transaction ends (one commit for
    both); it stays usable, as after `runtime.end_request_transaction`. When that session
    holds no transaction (the hot path), the claim is one autocommitted statement
    (`_claimed_autocommitted`); aborted, the transaction below decides why."""
    if within is None:
        with transaction(sessions) as session:
            if before_claim is not None:
                before_claim(session)
            return claim(session, req, unqueued=unqueued)
    engine = _claim_engine(within) if before_claim is None else None
    if engine is not None:
        with contextlib.suppress(compiled.Aborted):
            return _claimed_autocommitted(engine, req, unqueued)
    try:
        if before_claim is not None:
            before_claim(within)
        claimed = claim(within, req, unqueued=unqueued, one_statement=engine is None)
        within.commit()
    except BaseException:
        within.rollback()
        raise
    return claimed


class ClaimTaken(Exception):
    """Another request attached a document to the order this request claimed (it found the
    order between our claim and our acceptance): decide again under the order's row lock."""


Attempt = Callable[[Session, Order | None], T]
"""An acceptance run in its own transaction, given the order this request just claimed (its
values; None when the order existed)."""


def accept_claimed(
    sessions: sessionmaker[Session],
    req: Request,
    attempt: Attempt[T],
    *,
    before_claim: Callable[[Session], None] | None = None,
    unclaimed: Callable[[], None] | None = None,
    within: Session | None = None,
) -> T:
    """Claim the order (short transaction), then run the acceptance `attempt` in its own
    transaction; an attempt that needs a number takes it in a short transaction and runs
    once more, as does one whose claimed order was taken by a concurrent request.
    `before_claim` runs first in the claim's transaction (the queue checks there, under the
    task's row lock, that the task is still its own: raising stops before a number is taken).
    With `unclaimed`, the claim also refuses an order whose queued request has no document
    yet, and `unclaimed` runs when nothing was claimed (the order existed, a queued request
    goes first, or the balance is short): raising there ends the acceptance. `within`: the
    request's session, in whose transaction the claim is made (`claim_committed`). A series
    with no number left is the caller's 422, never a 500 (`_exhausted`)."""
    try:
        claimed = claim_committed(
            sessions, req, before_claim, unqueued=unclaimed is not None, within=within
        )
    except numbering.NumbersExhausted as exc:
        raise _exhausted(req) from exc
    if claimed is None and unclaimed is not None:
        unclaimed()
    try:
        with transaction(sessions) as session:
            return attempt(session, claimed)
    except ClaimTaken:
        pass
    except NumberNeeded:
        _number_the_order(sessions, req)
    except BaseException:
        if claimed is not None:  # its number stays with the order, its hold goes back
            order_holds.give_back_after_failure(sessions, claimed)
        raise
    with transaction(sessions) as session:
        return attempt(session, None)


def _number_the_order(sessions: sessionmaker[Session], req: Request) -> None:
    """`number_order` in a short transaction of its own."""
    try:
        with transaction(sessions) as session:
            number_order(session, req)
    except numbering.NumbersExhausted as exc:
        raise _exhausted(req) from exc


def _exhausted(req: Request) -> ApiError:
    """422 `CONFIG_FISCAL_INCOMPLETA`: the family's series used its last number (nothing was
    claimed: the counter and the order are as they were)."""
    serie, last = req.family.series(req.company), f"{numbering.MAX_NUMBER:_}".replace("_", ".")
    return ApiError(
        "CONFIG_FISCAL_INCOMPLETA",
        f"Série {serie} do modelo {req.family.model} esgotada (os números vão até {last}): "
        "configure outra série para a empresa.",
    )


def current_document(session: Session, order: Order) -> FiscalDocument | None:
    return session.get(FiscalDocument, order.documento_id) if order.documento_id else None


def _sign(req: Request, draft: Draft, creds: CompanyCredentials, numbered: Numbered) -> Signed:
    """Build, validate and sign; what the layout refuses is the caller's 422, never a 500."""
    try:
        return req.family.sign(draft, creds, numbered)
    except InvalidDocumentDataError as exc:
        raise ApiError(
            "VALIDATION_ERROR", errors=[{"field": exc.field, "message": str(exc)}]
        ) from exc
    except SchemaViolationError as exc:
        details = [
            {"linha": v.line, "caminho": v.path, "mensagem": v.message} for v in exc.violations
        ]
        raise ApiError(
            "VALIDATION_ERROR", "O XML gerado não passa no leiaute oficial.", details=details
        ) from exc


def _number(order: Order, req: Request) -> tuple[int, int]:
    """The order's number: claimed with it, kept by every later attempt of the same order."""
    serie = req.family.series(req.company)
    if order.numero is None or order.serie != serie:
        raise NumberNeeded
    return serie, order.numero


def _insufficient(exc: InsufficientBalance) -> ApiError:
    return ApiError("SALDO_INSUFICIENTE", body={"saldo": str(exc.saldo), "preco": str(exc.preco)})


def _hold(session: Session, req: Request) -> Decimal:
    """Hold the price in the wallet (no ledger entry yet): concurrent acceptances cannot
    overdraw, and a request that never reaches the authority costs nothing."""
    try:
        return hold_for_issuance(session, req.company.account_id, req.price)
    except InsufficientBalance as exc:
        raise _insufficient(exc) from exc


def _cnf(req: Request, unsent: FiscalDocument | None, serie: int, numero: int) -> str:
    """The key's random code of a document never sent with this number (same key again), else
    a new one (a family looked up by DPS id has no access key before authorization)."""
    same = unsent is not None and (unsent.serie, unsent.numero) == (serie, numero)
    if same and unsent is not None and req.family.lookup is Lookup.ACCESS_KEY:
        return AccessKey.parse(unsent.chave).cnf
    return random_cnf(numero)


def accept(
    session: Session,
    req: Request,
    draft: Draft,
    creds: CompanyCredentials,
    *,
    now: dt.datetime,
    stale_after: dt.timedelta,
    claimed: Order | None = None,
    held: Decimal | None = None,
) -> Accepted:
    """Attempt the order and store a signed PROCESSANDO document. `claimed`: the order this
    request just claimed (new, no attempt yet: nothing to decide or read); otherwise the order
    is read under its row lock and the idempotency table decides. `held`: what the caller
    already holds in the wallet for this request (a queued task's hold, 0 for an unlimited
    account); the document takes that hold over instead of holding the price again, as it
    takes over the hold its order's claim made (`Order.reservado`)."""
    unsent: FiscalDocument | None = None
    if claimed is not None:
        order = claimed
    else:
        found = find_order(session, req, lock=True)
        if found is None:
            raise NumberNeeded  # not claimed yet: `number_order` claims it
        order = found
        current = current_document(session, order)
        decision = idempotency.decide(
            order, current, req.fingerprint, now=now, stale_after=stale_after
        )
        if decision is Decision.REPLAY and current is not None:
            return Accepted(current.id, replay=True)
        if current is not None and current.status == DocumentStatus.NAO_ENVIADA:
            unsent = current
    held = _order_hold_taken_over(session, order, req, held, claimed=claimed is not None)
    serie, numero = _number(order, req)
    if req.family.guard is not None:
        req.family.guard(session, req.company, req.body, req.ambiente, req.pedido)
    cnf = _cnf(req, unsent, serie, numero)
    period = contingency.in_force(req.family, req.company, req.ambiente)
    mark = period.mark() if period is not None else None
    signed = _sign(req, draft, creds, Numbered(serie, numero, cnf, now, mark))
    values = _attempt_values(req, draft, signed, serie, numero)
    values.update(signed_values(session, account_id=req.company.account_id,  # stored before sending
                                company_id=req.company.id, modulo=req.family.module,
                                chave=signed.key.text, signed=signed.xml, now=now))  # fmt: skip
    values.update(period.document_values(now) if period else contingency.NORMAL_VALUES)
    if held is not None:
        values["preco"] = held.quantize(CENT)
    if claimed is not None and _postgresql(session):
        engine = _autocommit_engine(session, draft)
        if engine is not None:
            with contextlib.suppress(compiled.Aborted):
                return _accepted_autocommitted(engine, claimed, req, values, hold=held is None)
        return _insert_attach_and_hold(session, claimed, req, draft, values, hold=held is None)
    document = unsent or _new_document(session, order, req)
    for name, value in values.items():
        setattr(document, name, value)
    _audit_overrides(session, req, draft, document)
    if claimed is not None:
        session.flush()
        _attach_first(session, claimed, document)
    else:
        order.documento_id, order.fingerprint = document.id, req.fingerprint
        order.tentativas += 1
        session.flush()
    if unsent is None:
        _known_nulls(document)
    if held is None:
        held = _hold(session, req)  # last: the wallet row stays locked until the commit
    if held != document.preco:
        document.preco = held  # an unlimited account: nothing held, no wallet row locked
    return Accepted(document.id, replay=False, document=document)


def _order_hold_taken_over(
    session: Session, order: Order, req: Request, held: Decimal | None, *, claimed: bool
) -> Decimal | None:
    """What the attempt holds: the caller's hold, else the one its order's claim made. A claimed
    order's hold is handed over by the attach's compare-and-set (`_attach`); an order read
    under its row lock gives its hold up here. With both (a queued request for an order whose
    synchronous request died after its claim) the order's is given back: one hold per attempt."""
    if claimed:
        return held if held is not None else Decimal(order.reservado)
    reservado = Decimal(order.reservado or 0)
    if reservado <= 0:
        return held
    order.reservado = Decimal("0.00")
    if held is None:
        return reservado
    release(session, req.company.account_id, reservado)
    return held


def _attempt_values(
    req: Request, draft: Draft, signed: Signed, serie: int, numero: int
) -> dict[str, Any]:
    """What one attempt fixes in its document row, a new row's or a re-sent one's alike."""
    values: dict[str, Any] = {
        "serie": serie, "numero": numero, "chave": signed.key.text,
        "status": DocumentStatus.PROCESSANDO, "fingerprint": req.fingerprint,
        "requisicao": req.requisicao,
        "digest_value": signed.digest_value, "valor_total": draft.valor_total,
        "preco": req.price.quantize(CENT), "snapshot": draft.snapshot,
        "snapshot_sha256": draft.snapshot_sha256, "criado_por_chave_id": req.key_id,
        "resumo": req.family.summary(draft) if req.family.summary else None,
        "nao_recebido_desde": None, "nao_recebido_consultas": 0,
    }  # fmt: skip
    if req.family.lookup is Lookup.DPS_ID:  # the key exists only once authorized
        values["dps_id"] = signed.key.text
    return values


def _insert_attach_and_hold(
    session: Session,
    claimed: Order,
    req: Request,
    draft: Draft,
    values: dict[str, Any],
    *,
    hold: bool,
) -> Accepted:
    """PostgreSQL, a new order's first attempt in the caller's transaction (when the hot
    path's autocommitted statement cannot run, or aborted): the document row and the order's
    compare-and-set on `documento_id` in one statement (`_insert_attach_and_hold_statement`
    without its hold), then, with `hold`, the wallet's hold (`hold_for_issuance`: one credit
    slice under a savepoint, else every slice gathered, else 402), the last before the commit;
    without `hold` (a queued task's hold handed over, already in `values`) the wallet is not
    touched. The attempt is answered as a detached object holding the row as written, which the
    answer's transaction takes without reading it again. `ClaimTaken` (a concurrent request
    attached another attempt first) or 402 roll the whole transaction back, the row included."""
    row, params = _statement_values(claimed, req, values)
    statement = _insert_attach_and_hold_statement(False)
    _, attached = compiled.run(session, statement, params).one()
    if not attached:
        raise ClaimTaken
    document = loaded(FiscalDocument, row)
    _audit_overrides(session, req, draft, document)
    if hold:
        held = _hold(session, req)
        if held != document.preco:  # an unlimited account: nothing held, nothing to charge
            session.add(document)
            document.preco = held  # written by the commit's flush
    return Accepted(document.id, replay=False, document=document)


def _statement_values(
    claimed: Order, req: Request, values: dict[str, Any]
) -> tuple[dict[str, Any], dict[str, Any]]:
    """The new attempt's whole row and the bound values of `_insert_attach_and_hold_statement`
    (either form) that write it."""
    row = column_defaults(FiscalDocument, {**_identity_values(claimed, req), **values})
    params = {
        "p_order": claimed.id, "p_document": row["id"], "now": utcnow(),
        "p_reservado": Decimal(claimed.reservado),
        "p_account_id": req.company.account_id, "price": req.price.quantize(CENT),
        **{f"d_{name}": value for name, value in row.items()},
    }  # fmt: skip
    return row, params


def _autocommit_engine(session: Session, draft: Draft) -> Engine | None:
    """The engine the acceptance's statement may run on as its own transaction, or None.
    Only when `session` has done nothing yet (the synchronous path; the queue's worker locked
    its task in the same transaction and changes it after, so it keeps the transactional
    form), is bound to the engine (never to a given connection's transaction), and nothing
    goes to the audit log (no value of the engine's replaced)."""
    return None if getattr(draft, "overrides", None) else compiled.autocommit_engine(session)


def _accepted_autocommitted(
    engine: Engine, claimed: Order, req: Request, values: dict[str, Any], *, hold: bool
) -> Accepted:
    """The hot path's acceptance as a transaction of its own: `_insert_attach_and_hold`'s
    statement in the form that aborts (`compiled.Aborted`, nothing written) unless the order
    is attached and, with `hold`, the price held or the account unlimited (its document then
    costs 0.00); run in autocommit, one round trip, no `BEGIN`, `COMMIT` or Session (only for
    a session bound to the engine, never inside a transaction of a given connection). Aborted,
    the caller runs the same statement in its session, whose outcome tells why (`ClaimTaken`,
    402). The statement commits, waiting for the disk, before the signed XML is sent."""
    row, params = _statement_values(claimed, req, values)
    statement = _insert_attach_and_hold_statement(hold, autocommit=True)
    row["preco"] = compiled.autocommitted(engine, statement, params).scalar()
    document = loaded(FiscalDocument, row)
    return Accepted(document.id, replay=False, document=document)


def _postgresql(session: Session) -> bool:
    return session.get_bind().dialect.name == "postgresql"


@functools.cache
def _insert_attach_and_hold_statement(hold: bool, autocommit: bool = False) -> Any:
    """Built once per process (each form): `WITH inserted AS (INSERT INTO fiscal_documents
    ...), attached AS (UPDATE orders ... WHERE documento_id IS NULL RETURNING id)[, held AS
    (UPDATE wallets ... WHERE <can hold> AND EXISTS (attached) RETURNING ...)] SELECT the
    counts`. The hold is `wallet.operations.hold_statement`: one credit slice of the account,
    unlocked, picked at random. Every column of the document is a bound parameter `d_<column>`;
    PostgreSQL runs
    each data-modifying part exactly once and checks the foreign keys at the statement's end.

    The counts are selected in the order the parts should run (PostgreSQL runs a part when
    its output is first read, and a part nobody reads only at the end): the document's row
    first, the wallet last, so the account's row lock does not span the document's insert
    (with `inserted` unread, the wallet's lock queue at 16 clients grew by a third).

    `autocommit`: the form that is a whole transaction (`_accepted_autocommitted`): the
    document's price is 0.00 for an unlimited account (nothing is held for it), and the
    statement answers that price, or aborts (`fiscal_abort`) unless the order was attached
    and, with `hold`, the price held or the account unlimited."""
    documents = FiscalDocument.__table__
    orders = Order.__table__.c
    columns: dict[str, Any] = {
        c.key: bindparam(f"d_{c.key}", type_=c.type) for c in documents.columns
    }
    if autocommit and hold:
        unlimited = unlimited_sql(bindparam("p_account_id"))
        columns["preco"] = case(
            (unlimited, literal(Decimal("0.00"), MONEY)), else_=columns["preco"]
        )
    inserted = (
        insert(documents)  # type: ignore[arg-type]
        .values(columns)
        .returning(documents.c.id, documents.c.preco)
        .cte("inserted")
    )
    attached = (
        _attach(
            bindparam("p_order"),
            bindparam("p_document"),
            bindparam("now"),
            bindparam("p_reservado", type_=MONEY),
        )
        .returning(orders.id)
        .cte("attached")
    )
    parts = [inserted, attached]
    if hold:
        parts.append(hold_statement(select(attached.c.id).exists()).cte("held"))
    count = func.count
    counts = [select(count()).select_from(part).scalar_subquery() for part in parts]
    if not autocommit:
        return select(*counts)
    ran = select(*(n.label(f"n_{i}") for i, n in enumerate(counts))).subquery("ran")
    price = select(inserted.c.preco).scalar_subquery()
    wrote = [ran.c.n_0 == 1, ran.c.n_1 == 1]
    if hold:
        wrote.append(or_(ran.c.n_2 == 1, price == 0))
    abort = func.fiscal_abort("acceptance: order taken or price not held", type_=MONEY)
    return select(case((and_(*wrote), price), else_=abort)).select_from(ran)


def _attach_first(session: Session, claimed: Order, document: FiscalDocument) -> None:
    """The claimed order's first attempt, unless a concurrent request attached one meanwhile
    or its hold was given back (compare-and-set on `documento_id` and `reservado`;
    `ClaimTaken` rolls this transaction back)."""
    statement = _attach(claimed.id, document.id, utcnow(), Decimal(claimed.reservado))
    if session.execute(statement).rowcount != 1:  # type: ignore[attr-defined]
        raise ClaimTaken


def _attach(order_id: Any, document_id: Any, now: Any, reservado: Any) -> Any:
    """SQL: the order's compare-and-set on `documento_id` and its hold (values or bound
    parameters): the attempt becomes the order's only while no other one is and the claim's
    hold is still the order's (`order_holds.give_back` may have returned it), and takes that
    hold over."""
    orders = Order.__table__.c
    return (
        update(Order.__table__)  # type: ignore[arg-type]
        .where(orders.id == order_id, orders.documento_id.is_(None), orders.reservado == reservado)
        .values(
            documento_id=document_id,
            tentativas=orders.tentativas + 1,
            updated_at=now,
            reservado=Decimal("0.00"),
        )
    )


def _audit_overrides(
    session: Session, req: Request, draft: Draft, document: FiscalDocument
) -> None:
    """Values that replaced the engine's (and an accepted review), with their reason, go to
    the audit log in the transaction that fixes the document (they are in its snapshot too)."""
    declared = getattr(draft, "overrides", None)
    if not declared:
        return
    audit.record(session, account_id=req.company.account_id, company_id=req.company.id,
                 acao="override", entidade=req.family.module, registro_id=document.id,
                 antes=getattr(draft, "computed", None), depois=declared, ip=None,
                 actor_key_id=req.key_id)  # fmt: skip


def _known_nulls(document: FiscalDocument) -> None:
    """A row this transaction inserted holds NULL in every column it did not set (unless the
    database has a default for it): say so on the object, so that the answer's transaction,
    which takes this object instead of re-reading the row, never loads them one by one."""
    state = inspect(document)
    for column in FiscalDocument.__table__.columns:
        key = column.key
        if key not in state.dict and column.server_default is None:
            set_committed_value(document, key, None)


def _identity_values(order: Order, req: Request) -> dict[str, Any]:
    """Whose and which a new attempt's row is; the signing fixes the rest."""
    return {
        "id": new_id(req.modulo), "order_id": order.id, "account_id": req.company.account_id,
        "company_id": req.company.id, "modulo": req.family.module, "modelo": req.family.model,
        "ambiente": req.ambiente, "pedido": req.pedido,
    }  # fmt: skip


def _new_document(session: Session, order: Order, req: Request) -> FiscalDocument:
    """A new attempt's row; the caller fills in what the signing fixed."""
    document = FiscalDocument(**_identity_values(order, req))
    session.add(document)
    return document
