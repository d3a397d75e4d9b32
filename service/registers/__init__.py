"""The company's registers documents are issued from: products and customers."""
