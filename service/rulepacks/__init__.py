"""Rule packs as a tax specialist's git workflow: the platform and company layers in the
database, export and sync between pack files and a company's rules, replay of a candidate pack
over the snapshots of issued documents, and the simulations the API answers."""
