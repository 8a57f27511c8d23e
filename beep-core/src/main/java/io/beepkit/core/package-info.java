/**
 * Protocol support shared by every part of the library that does not belong to one layer, such as
 * {@link io.beepkit.core.LogText}, which makes peer-supplied text safe to log.
 */
package io.beepkit.core;
