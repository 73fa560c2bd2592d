/*
 * libbrotli's decoder (Debian libbrotli-dev, pkg-config libbrotlidec) for Swift. Only
 * Sources/UnderstudyRecording/HAR/HARDecompression.swift uses it, and only under the FullPackage
 * trait: a HAR body still br-compressed is decoded there, with a bound on its size.
 */
#ifndef CBROTLI_SHIM_H
#define CBROTLI_SHIM_H

#include <brotli/decode.h>

#endif
