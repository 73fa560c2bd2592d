/*
 * libyaml (Debian libyaml-dev, pkg-config yaml-0.1) for Swift. Only
 * Sources/UnderstudyDocuments/YAML/YAMLComposer.swift uses it: that file drives the
 * event API and turns the events into YAMLNode values, so no other Swift code
 * sees a libyaml type.
 */
#ifndef CYAML_SHIM_H
#define CYAML_SHIM_H

#include <yaml.h>

#endif
