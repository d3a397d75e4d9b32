"""Company lookups and creation shared by every resource."""

from __future__ import annotations

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from service.companies.models import DEFAULT_MODULES, Company, Environment
from service.errors import ApiError
from service.ids import new_id

PLACED = "company"
"""`Session.info` key of the company a transaction works for, as its request read it."""


def place(session: Session, company: Company) -> None:
    """Let `session`'s readers of the company (`placed_or_get`) take `company`, as the request
    read it, instead of reading it again; it is not attached (a merge costs more than the
    readers' attribute reads)."""
    session.info[PLACED] = company


def placed_or_get(session: Session, company_id: str) -> Company | None:
    """The company `place`d in `session` when it is this one, else the session's own read."""
    placed = session.info.get(PLACED)
    if placed is not None and placed.id == company_id:
        return placed  # type: ignore[no-any-return]
    return session.get(Company, company_id)


def account_companies(
    session: Session, account_id: str, *, only_active: bool = True
) -> list[Company]:
    query = select(Company).where(Company.account_id == account_id)
    if only_active:
        query = query.where(Company.ativo.is_(True))
    return list(session.execute(query.order_by(Company.created_at)).scalars())


def find_company(
    session: Session, account_id: str, *, company_id: str | None = None, codigo: str | None = None
) -> Company | None:
    """A company of this account by id or code; another account's company is never found."""
    query = select(Company).where(Company.account_id == account_id)
    if company_id is not None:
        query = query.where(Company.id == company_id)
    if codigo is not None:
        query = query.where(Company.codigo == codigo)
    return session.execute(query).scalar_one_or_none()


def count_companies(session: Session, account_id: str) -> int:
    query = select(func.count()).select_from(Company).where(Company.account_id == account_id)
    return int(session.execute(query).scalar_one())


def create_company(
    session: Session,
    *,
    account_id: str,
    max_companies: int,
    codigo: str,
    razao_social: str,
    cnpj: str | None = None,
    cpf: str | None = None,
    modulos: list[str] | None = None,
) -> Company:
    """A new company always starts in homologation; the account's limit is enforced here."""
    if count_companies(session, account_id) >= max_companies:
        raise ApiError("LIMITE_EMPRESAS")
    if find_company(session, account_id, codigo=codigo) is not None:
        raise ApiError("REGISTRO_DUPLICADO", "Já existe uma empresa com este código.")
    company = Company(
        id=new_id("emp"),
        account_id=account_id,
        codigo=codigo,
        cnpj=cnpj,
        cpf=cpf,
        razao_social=razao_social,
        ambiente=Environment.HOMOLOGACAO.value,
        modulos=list(modulos or DEFAULT_MODULES),
    )
    session.add(company)
    return company
