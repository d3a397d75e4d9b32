"""Tests of documents.transmission."""
