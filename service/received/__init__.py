"""Documents received (issue 38): the NF-e other companies issue naming this one, fetched from
the Ambiente Nacional's DF-e distribution by an NSU cursor that obeys its consumption rules
(`distribution`), listed and downloaded by the API, and manifested by the recipient
(`manifestation`)."""
