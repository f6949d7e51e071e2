"""The fixed part of the generated Python SDK: transport, codecs, batch, pagination, webhooks.

Copied byte for byte into the package by crmgen; the API's facts come from the generated modules.
"""
