import { Image } from '@mantine/core';

interface LogoProps {
  height?: number;
}

/** The ParcelOps word mark (public/logo.svg); its alt text names the product for screen readers. */
export function Logo({ height = 32 }: LogoProps) {
  return <Image src="/logo.svg" alt="ParcelOps" h={height} w="auto" fit="contain" />;
}
