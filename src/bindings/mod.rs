//! The only module that touches JS: the `ToolSearch` class, DTO conversion and errors.
